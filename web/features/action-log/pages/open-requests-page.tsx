import { ACTION_LOG_PAGE_CONFIGS } from "#web/features/action-log/components/action-log-pages.ts";
import { ActionLogListPage } from "#web/features/action-log/components/action-log-list-page.tsx";

/** /open-requests: the action log's open requests. */
export default function OpenRequestsPage() {
  return <ActionLogListPage config={ACTION_LOG_PAGE_CONFIGS["open-requests"]} />;
}
