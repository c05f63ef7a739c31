import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { messageOf } from "#web/lib/api-client.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { Button } from "#web/components/ui/button.tsx";
import { fetchCurriculumZip } from "#web/features/curriculum/api/curriculum-api.ts";

/** "Export (.zip)": downloads the curriculum folder, the format the import reads back. */
export function CurriculumExportButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveFile(await fetchCurriculumZip());
    } catch (error) {
      toast.error("Error", { description: messageOf(error, "Failed to export the curriculum. Please try again.") });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="outline" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {busy ? "Exporting…" : "Export (.zip)"}
    </Button>
  );
}
