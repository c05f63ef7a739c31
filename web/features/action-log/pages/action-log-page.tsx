import { ACTION_LOG_PAGE_CONFIGS } from "#web/features/action-log/components/action-log-pages.ts";
import { ActionLogListPage } from "#web/features/action-log/components/action-log-list-page.tsx";

/** /action-log: every type the caller may see. */
export default function ActionLogPage() {
  return <ActionLogListPage config={ACTION_LOG_PAGE_CONFIGS.all} />;
}
