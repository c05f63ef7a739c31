import { ACTION_LOG_PAGE_CONFIGS } from "#web/features/action-log/components/action-log-pages.ts";
import { ActionLogListPage } from "#web/features/action-log/components/action-log-list-page.tsx";

/** /risks: the action log's risks. */
export default function RisksPage() {
  return <ActionLogListPage config={ACTION_LOG_PAGE_CONFIGS.risks} />;
}
