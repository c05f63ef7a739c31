import { ACTION_LOG_PAGE_CONFIGS } from "#web/features/action-log/components/action-log-pages.ts";
import { ActionLogListPage } from "#web/features/action-log/components/action-log-list-page.tsx";

/** /tasks: the action log's tasks. */
export default function TasksPage() {
  return <ActionLogListPage config={ACTION_LOG_PAGE_CONFIGS.tasks} />;
}
