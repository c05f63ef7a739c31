import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { fetchNdaDocumentLink } from "./nda-api.ts";
import { startDownload } from "./nda-download.ts";

/** Asks for a fresh signed link to the NDA's PDF, then downloads it. */
export function NdaDocumentButton({
  ndaId,
  label = "Download PDF",
  ...props
}: { ndaId: string; label?: string } & Pick<ButtonProps, "variant" | "size" | "aria-label">) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const link = await fetchNdaDocumentLink(ndaId);
      startDownload(link.url);
    } catch (error) {
      toast.error("Failed to download the NDA", { description: messageOf(error, "Please try again.") });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="outline" disabled={busy} aria-busy={busy || undefined} onClick={() => void download()} {...props}>
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}
