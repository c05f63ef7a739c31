import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Pencil } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { TypeDefinition } from "#common/contracts/action-log";
import { ACTION_LOG_FIELD_LABELS, ACTION_LOG_TYPES, type ActionLogType } from "#common/domain/action-log";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { typeDefinitionsQuery } from "#web/features/action-log/api/action-log-api.ts";
import { TypeDefinitionDialog } from "#web/features/action-log/components/type-definition-dialog.tsx";
import { formatDay } from "#web/lib/format-date.ts";

const ACTION_LOG_PATH = "/action-log";
const TITLE = "Type definitions";

/**
 * /action-log/type-definitions: what each kind of entry means and which fields it asks for. The
 * provider administrator edits them; everyone else reads them.
 */
export default function TypeDefinitionsPage() {
  const query = useQuery(typeDefinitionsQuery);
  const [editing, setEditing] = useState<TypeDefinition | null>(null);

  const frame = {
    title: TITLE,
    breadcrumbs: [{ label: "Action Log", to: ACTION_LOG_PATH }, { label: TITLE }],
    description: "What each kind of entry in the Action Log means, and the fields its form asks for.",
    actions: (
      <Button asChild variant="outline">
        <Link to={ACTION_LOG_PATH}>
          <ArrowLeft aria-hidden="true" />
          Back to the Action Log
        </Link>
      </Button>
    ),
  };

  if (!query.data) {
    return (
      <PageFrame {...frame}>
        {query.isError ? <PageError error={query.error} onRetry={() => void query.refetch()} /> : <LoadingSkeleton label="Loading type definitions..." shape="cards" />}
      </PageFrame>
    );
  }

  const { definitions, can_edit: canEdit } = query.data;
  const byType = new Map(definitions.map((definition) => [definition.action_log_type, definition]));
  const ordered = ACTION_LOG_TYPES.map((type) => byType.get(type)).filter((definition): definition is TypeDefinition => definition !== undefined);
  return (
    <PageFrame {...frame}>
      {canEdit ? null : <p className="text-sm text-[var(--color-muted-foreground)]">Only the provider administrator can change these.</p>}
      <ul className="grid gap-4 lg:grid-cols-2" aria-label={TITLE}>
        {ordered.map((definition) => (
          <li key={definition.action_log_type} className="min-w-0">
            <DefinitionCard definition={definition} onEdit={canEdit ? () => setEditing(definition) : null} />
          </li>
        ))}
      </ul>
      {canEdit ? <TypeDefinitionDialog definition={editing} onClose={() => setEditing(null)} /> : null}
    </PageFrame>
  );
}

function DefinitionCard({ definition, onEdit }: { definition: TypeDefinition; onEdit: (() => void) | null }) {
  const titleId = useId();
  const fieldsId = useId();
  const type: ActionLogType = definition.action_log_type;
  return (
    <Card aria-labelledby={titleId} className="h-full space-y-4 p-4 sm:p-6">
      <CardHeader className="mb-0 flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle id={titleId} className="break-words">
            {type}
          </CardTitle>
          <CardDescription className="break-words">{definition.description}</CardDescription>
        </div>
        {onEdit ? (
          <Button type="button" variant="outline" size="sm" aria-label={`Edit ${type}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <div className="space-y-2">
        <h3 id={fieldsId} className="text-sm font-medium">
          Fields it asks for
        </h3>
        {definition.fields.length === 0 ? (
          <p className="text-sm text-[var(--color-muted-foreground)]">Only a title.</p>
        ) : (
          <ul aria-labelledby={fieldsId} className="flex flex-wrap gap-1.5">
            {definition.fields.map((field) => (
              <li key={field}>
                <Badge variant="outline">{ACTION_LOG_FIELD_LABELS[field]}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      {definition.updated_by ? (
        <p className="text-xs text-[var(--color-muted-foreground)]">
          {`Changed by ${definition.updated_by.name} on `}
          <time dateTime={definition.updated_at}>{formatDay(definition.updated_at)}</time>
        </p>
      ) : null}
    </Card>
  );
}
