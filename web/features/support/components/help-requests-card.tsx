import { Link } from "react-router";
import type { SupportHelpRequest } from "#common/contracts/support";
import { HELP_TYPE_LABELS } from "#common/domain/action-log";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { formatDateTime, formatRelativeTime } from "#web/lib/format-date.ts";

/** The organization's Get Expert Help requests the reader may open, newest first, each linked to its page. */
export function HelpRequestsCard({ requests }: { requests: readonly SupportHelpRequest[] }) {
  return (
    <Card aria-labelledby="support-requests-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="support-requests-title">Your help requests</CardTitle>
        <CardDescription>What your organization asked through Get Expert Help, newest first.</CardDescription>
      </CardHeader>
      {requests.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No help requests yet. Use Get Expert Help to ask us anything.</p>
      ) : (
        <ul className="divide-y divide-[var(--color-border)]">
          {requests.map((request) => (
            <li key={request.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                <span className="font-mono text-xs text-[var(--color-muted-foreground)]">{request.reference}</span>
                <Link to={`/help-requests/${request.id}`} className="min-w-0 font-medium break-words text-[var(--color-primary)] underline underline-offset-4">
                  {request.title}
                </Link>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm text-[var(--color-muted-foreground)]">
                <Badge variant="outline">{request.status}</Badge>
                <span>{HELP_TYPE_LABELS[request.help_type]}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={request.created_at} title={formatDateTime(request.created_at)}>
                  {formatRelativeTime(request.created_at)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
