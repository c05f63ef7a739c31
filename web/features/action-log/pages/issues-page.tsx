import { ACTION_LOG_PAGE_CONFIGS } from "#web/features/action-log/components/action-log-pages.ts";
import { ActionLogListPage } from "#web/features/action-log/components/action-log-list-page.tsx";

/** /issues: the action log's issues. */
export default function IssuesPage() {
  return <ActionLogListPage config={ACTION_LOG_PAGE_CONFIGS.issues} />;
}
