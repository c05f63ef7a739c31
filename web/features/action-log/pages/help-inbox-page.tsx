import { useQuery } from "@tanstack/react-query";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { helpInboxQuery } from "#web/features/action-log/api/action-log-api.ts";
import { HelpInboxTable, sortOldestFirst } from "#web/features/action-log/components/help-inbox/help-inbox-table.tsx";

export const HELP_INBOX_EMPTY = "No open help requests or overdue entries. Nice.";

const DESCRIPTION = "Open help requests of every organization and overdue entries assigned to the provider, the longest waiting first.";

/** /help-inbox (employees): what every organization is waiting for from the provider. */
export default function HelpInboxPage() {
  const inbox = useQuery(helpInboxQuery);
  if (inbox.isPending) return <LoadingSkeleton label="Loading help inbox..." shape="page" />;
  const items = inbox.data?.items;
  return (
    <PageFrame title="Help inbox" description={DESCRIPTION}>
      {/* A failed refresh (every minute) keeps the list it has. */}
      {inbox.isError && items === undefined ? (
        <PageError error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : !items || items.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">{HELP_INBOX_EMPTY}</p>
      ) : (
        // "Time since" is counted from when the answer came: the list refetches every minute.
        <HelpInboxTable items={sortOldestFirst(items)} now={inbox.dataUpdatedAt} />
      )}
    </PageFrame>
  );
}
