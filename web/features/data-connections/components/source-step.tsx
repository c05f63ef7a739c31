import { ArrowRight, Building2, Database, FileSpreadsheet } from "lucide-react";
import type { ComponentType, FormEvent } from "react";
import { Link } from "react-router";
import type { DataConnection } from "#common/contracts/data-connections";
import { DATA_SOURCES, type DataSource, type DataSourceId, type DataSourceKind } from "#common/domain/data-sources";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { cn } from "#web/lib/cn.ts";
import { StepHeading } from "./step-heading.tsx";

const GROUPS: readonly { kind: DataSourceKind; title: string; description: string; icon: ComponentType<{ className?: string }> }[] = [
  {
    kind: "hosted",
    title: "Accounting systems",
    description: "The portal cannot reach these from here: their details are checked now and the first sync verifies the connection.",
    icon: Building2,
  },
  {
    kind: "database",
    title: "Databases",
    description: "The portal connects to the database directly; a test lists the tables it can read.",
    icon: Database,
  },
  {
    kind: "files",
    title: "Files",
    description: "No connection to a system: you upload exported files in the migration workbench.",
    icon: FileSpreadsheet,
  },
];

const SOURCE_ERROR_ID = "data-source-error";

const sourceRadioId = (id: DataSourceId) => `data-source-${id}`;

/** The first selectable source's radio, where focus goes when none was chosen. */
export function firstSourceRadioId(existing: ReadonlyMap<string, DataConnection>): string | undefined {
  const first = DATA_SOURCES.find((source) => !existing.has(source.id));
  return first ? sourceRadioId(first.id) : undefined;
}

/**
 * Step 1: the source systems grouped by how they connect. A source the organization already has
 * a connection for is not offered again: its card opens that connection.
 */
export function SourceStep({
  value,
  existing,
  error,
  onChange,
  onContinue,
}: {
  value: DataSourceId | null;
  existing: ReadonlyMap<string, DataConnection>;
  error: string | null;
  onChange: (id: DataSourceId) => void;
  onContinue: () => void;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onContinue();
  }
  return (
    <form noValidate onSubmit={submit} aria-labelledby="setup-step-1-heading" className="space-y-6">
      <StepHeading step={1} title="Choose the source" description="Where does the data you are bringing over live today?" />
      <fieldset className="min-w-0 space-y-6" aria-describedby={error ? SOURCE_ERROR_ID : undefined}>
        <legend className="sr-only">Data source</legend>
        {GROUPS.map((group) => (
          <fieldset key={group.kind} className="min-w-0 space-y-3" aria-describedby={`data-source-group-${group.kind}`}>
            <legend className="flex items-center gap-2 text-base font-semibold">
              <group.icon className="size-4 text-[var(--color-muted-foreground)]" aria-hidden="true" />
              {group.title}
            </legend>
            <p id={`data-source-group-${group.kind}`} className="text-sm text-[var(--color-muted-foreground)]">
              {group.description}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {DATA_SOURCES.filter((source) => source.kind === group.kind).map((source) => {
                const connection = existing.get(source.id);
                return connection ? (
                  <ExistingSourceCard key={source.id} source={source} connection={connection} />
                ) : (
                  <SourceCard key={source.id} source={source} checked={value === source.id} onChange={() => onChange(source.id)} />
                );
              })}
            </div>
          </fieldset>
        ))}
        {error ? (
          <p id={SOURCE_ERROR_ID} role="alert" className="text-sm text-[var(--color-destructive)]">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div className="flex justify-end border-t border-[var(--color-border)] pt-4">
        <Button type="submit">
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

function SourceCard({ source, checked, onChange }: { source: DataSource; checked: boolean; onChange: () => void }) {
  const id = sourceRadioId(source.id);
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border p-3",
        checked ? "border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]" : "border-[var(--color-border)]",
      )}
    >
      <Radio id={id} name="data-source" value={source.id} checked={checked} onChange={onChange} aria-describedby={`${id}-description`} className="mt-0.5" />
      <div className="space-y-1">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {source.name}
        </label>
        <p id={`${id}-description`} className="text-xs text-[var(--color-muted-foreground)]">
          {source.description}
        </p>
      </div>
    </div>
  );
}

function ExistingSourceCard({ source, connection }: { source: DataSource; connection: DataConnection }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed border-[var(--color-border)] p-3" data-testid="existing-source">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium">
          {source.name}
        </p>
        <Badge variant="outline">Already connected</Badge>
      </div>
      <p className="text-xs text-[var(--color-muted-foreground)]">
        Your organization has this source as &quot;{connection.name}&quot;. Each source is connected once.
      </p>
      <div>
        <Button asChild variant="outline" size="sm">
          <Link to={{ search: `?connection=${encodeURIComponent(connection.id)}` }} aria-label={`Open connection: ${source.name}`}>
            Open connection
          </Link>
        </Button>
      </div>
    </div>
  );
}
