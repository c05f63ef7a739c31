import { Download } from "lucide-react";
import { useState } from "react";
import { ACTION_LOG_MESSAGES } from "#common/domain/action-log";
import { Button } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { type ActionLogFilters, fetchActionLogCsv } from "#web/features/action-log/api/action-log-api.ts";

/** Downloads every entry matching the page's filters, search and sort (not only the page shown). */
export function ExportCsvButton({ filters }: { filters: Omit<ActionLogFilters, "limit" | "offset"> }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchActionLogCsv(filters));
    } catch (error) {
      lazyToast.error(ACTION_LOG_MESSAGES.fetchFailed, { description: messageOf(error, "The export could not be made. Please try again.") });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {busy ? "Exporting…" : "Export CSV"}
    </Button>
  );
}
