import { ACTION_LOG_PAGE_CONFIGS } from "#web/features/action-log/components/action-log-pages.ts";
import { ActionLogListPage } from "#web/features/action-log/components/action-log-list-page.tsx";

/** /decisions: the action log's decisions. */
export default function DecisionsPage() {
  return <ActionLogListPage config={ACTION_LOG_PAGE_CONFIGS.decisions} />;
}
