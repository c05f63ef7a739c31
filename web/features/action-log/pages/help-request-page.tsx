import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { actionLogEntryQuery } from "#web/features/action-log/api/action-log-api.ts";
import { EntryDetailBody, isNotFound, samePageTypes } from "#web/features/action-log/components/entry-detail.tsx";

const DESCRIPTION = "What was asked through Get Expert Help, its answer and its attachments.";

/**
 * /help-requests/:actionLogId: one help request on a page of its own. No navigation item guards
 * it: its author, the organization's admins and employees open it before the NDA too, and the
 * server decides who else may (checkEntityAccess).
 */
export default function HelpRequestPage() {
  const { actionLogId = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(actionLogEntryQuery(actionLogId));
  // The way back: employees come from the help inbox, members from wherever they raised it.
  const isEmployee = useQuery(currentUserQuery).data?.is_employee === true;
  const back = isEmployee ? { label: "Help inbox", to: "/help-inbox" } : { label: "Dashboard", to: "/dashboard" };
  if (query.isPending) return <LoadingSkeleton label="Loading help request..." shape="page" />;
  if (query.isError) {
    return (
      <PageFrame title="Help request" breadcrumbs={[back, { label: "Help request" }]}>
        {isNotFound(query.error) ? (
          <div role="alert" className="space-y-2">
            <p className="font-medium">This help request no longer exists</p>
            <p className="text-sm text-[var(--color-muted-foreground)]">
              It may have been deleted, or the link is wrong. <Link to="/dashboard" className="underline underline-offset-4">Back to the dashboard</Link>
            </p>
          </div>
        ) : (
          <PageError error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const { entry } = query.data;
  return (
    <PageFrame
      title={`${entry.reference} · ${entry.title}`}
      breadcrumbs={[back, { label: entry.reference }]}
      headingProps={{ className: "min-w-0 [overflow-wrap:anywhere]" }}
      description={DESCRIPTION}
      contentWidth="narrow"
    >
      <EntryDetailBody
        key={entry.id}
        detail={query.data}
        allowedTypes={samePageTypes(entry.action_log_type)}
        onDeleted={() => void navigate("/dashboard", { replace: true })}
      />
    </PageFrame>
  );
}
