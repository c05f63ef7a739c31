import { Upload } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { useImportCurriculum } from "#web/features/curriculum/api/curriculum-api.ts";
import { type ImportRefusal, checkChosenZip, describeRefusal, summarizeImport } from "./curriculum-format.ts";
import { ImportProgress } from "./import-progress.tsx";

interface Sending {
  fileName: string;
  /** Share of the zip sent, 0 to 1. */
  fraction: number;
}

/**
 * "Import…": a dialog that sends a zip of the curriculum folder to replace the curriculum. Every
 * problem the server finds is listed by file and line; a success closes it with the counts.
 * `maxZipBytes` is the server's limit, once the overview has said it.
 */
export function CurriculumImportDialog({ maxZipBytes }: { maxZipBytes: number | null }) {
  const importCurriculum = useImportCurriculum();
  const controller = useRef<AbortController | null>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  // Once every byte is out the server decides; closing then would hide an import that still happens.
  const checking = sending !== null && sending.fraction >= 1;

  // Leaving the page stops a zip still being sent; the server then imports nothing.
  useEffect(() => () => controller.current?.abort(), []);

  function reset() {
    controller.current = null;
    setFile(null);
    setSending(null);
    setRefusal(null);
  }

  function changeOpen(next: boolean) {
    if (!next) {
      if (checking) return;
      controller.current?.abort();
      reset();
    }
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || sending) return;
    const problem = checkChosenZip(file, maxZipBytes);
    if (problem) {
      setRefusal({ message: problem, problems: [] });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setRefusal(null);
    setSending({ fileName: file.name, fraction: 0 });
    importCurriculum.mutate(
      { file, signal: abort.signal, onProgress: (fraction) => setSending({ fileName: file.name, fraction }) },
      {
        onSuccess: (result) => {
          if (result.changed) toast.success("Curriculum imported", { description: summarizeImport(result) });
          else toast.info("Curriculum unchanged", { description: summarizeImport(result) });
          reset();
          setOpen(false);
        },
        onError: (error) => {
          // Cancelled by closing the dialog: it has already been reset.
          if (error.name === "AbortError") return;
          controller.current = null;
          setSending(null);
          setRefusal(describeRefusal(error));
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Upload aria-hidden="true" />
          Import…
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import a curriculum</DialogTitle>
          <DialogDescription>
            Replace the launch plan curriculum with a zip of its folder: curriculum.yaml and the Markdown and video files it names, as the
            export writes them.
          </DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Every organization&apos;s Launch Plan changes to follow the imported curriculum.</li>
          <li>Entries are matched by key: progress on keys that stay is kept; progress on keys the zip no longer has is lost.</li>
          <li>If anything in the zip is wrong, nothing changes, and every problem is listed with its file and line.</li>
        </ul>
        <form className="space-y-4" onSubmit={submit}>
          <div className="space-y-2">
            <Label htmlFor="curriculum-zip-file">Curriculum zip file</Label>
            <Input
              id="curriculum-zip-file"
              type="file"
              accept=".zip,application/zip"
              disabled={sending !== null}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefusal(null);
              }}
            />
          </div>
          {sending ? <ImportProgress fileName={sending.fileName} fraction={sending.fraction} /> : null}
          {refusal ? <RefusalReport refusal={refusal} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={checking} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!file || sending !== null}>
              {sending ? "Importing…" : "Import"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RefusalReport({ refusal }: { refusal: ImportRefusal }) {
  return (
    <div role="alert" data-testid="curriculum-import-errors" className="min-w-0 space-y-2 rounded-md border border-[var(--color-destructive)] p-3 text-sm">
      <p className="font-medium">{refusal.message}</p>
      {refusal.problems.length > 0 ? (
        // Focusable: a long list scrolls, and keyboard users must be able to scroll it.
        <ul aria-label="Problems in the curriculum" tabIndex={0} className="max-h-64 list-disc space-y-1 overflow-y-auto pl-5 break-words">
          {refusal.problems.map((problem, index) => (
            <li key={`${index}-${problem}`}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
