import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import type { ContentItem } from "#common/contracts/content";
import { formatFileSize } from "#common/domain/content";
import { FileTypeIcon } from "#web/components/files/file-type-icon.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { type AttachmentTarget, attachmentCandidatesQuery, useAttachExisting } from "./attachments-api.ts";

const selectFormSchema = z.object({ content_id: z.string().min(1, { error: "Choose a file to attach" }) });
type FormValues = z.infer<typeof selectFormSchema>;

/** How a library file is named in the list and the summary: its title, else its file name, else "Selected file" (§8). */
export function candidateLabel(file: Pick<ContentItem, "title" | "file_name">): string {
  return file.title.trim() || file.file_name?.trim() || "Selected file";
}

/**
 * Select Existing (spec §5): the root-level library files not yet attached, as a radio list with
 * their icon and size; one must be chosen.
 */
export function SelectExistingForm({ target, onDone }: { target: AttachmentTarget; onDone: () => void }) {
  const ids = useId();
  const candidates = useQuery(attachmentCandidatesQuery(target));
  const attach = useAttachExisting(target);
  const form = useForm<FormValues>({ resolver: zodResolver(selectFormSchema), defaultValues: { content_id: "" } });
  const chosenId = useWatch({ control: form.control, name: "content_id" });
  const { failure, setFailure, clearOnChange } = useFormFailure();

  const submit = form.handleSubmit(async ({ content_id }) => {
    setFailure(null);
    try {
      await attach.mutateAsync(content_id);
      onDone();
    } catch (error) {
      setFailure(messageOf(error, "Failed to attach the file. Please try again."));
    }
  });

  if (candidates.isPending) {
    return (
      <p role="status" className="py-4 text-sm text-[var(--color-muted-foreground)]">
        Loading...
      </p>
    );
  }
  if (candidates.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 py-2 text-sm">
        <span>
          <span className="font-medium">Failed to load</span>
          <span className="text-[var(--color-muted-foreground)]">{` ${messageOf(candidates.error, "The library could not be loaded.")}`}</span>
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => void candidates.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const files = candidates.data.files;
  const chosen = files.find((file) => file.id === chosenId);
  const choiceError = form.formState.errors.content_id?.message;
  const legendId = `${ids}-legend`;
  return (
    <form onSubmit={submit} {...clearOnChange} noValidate className="space-y-4">
      {files.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">
          There are no files to choose from. Files at the top of your file library that are not attached here yet show up in this list.
        </p>
      ) : (
        <fieldset
          aria-labelledby={legendId}
          aria-describedby={choiceError ? `${ids}-error` : undefined}
          className="space-y-2"
        >
          <legend id={legendId} className="mb-2 text-sm font-medium">
            Files in your library
          </legend>
          <ul className="max-h-64 divide-y divide-[var(--color-border)] overflow-y-auto rounded-md border border-[var(--color-border)]">
            {files.map((file) => {
              const optionId = `${ids}-${file.id}`;
              return (
                <li key={file.id}>
                  <label htmlFor={optionId} className="flex cursor-pointer items-center gap-3 p-3 hover:bg-[var(--color-muted)]">
                    <Radio id={optionId} value={file.id} disabled={form.formState.isSubmitting} {...form.register("content_id")} />
                    <FileTypeIcon contentType={file.content_type} />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium break-words">{candidateLabel(file)}</span>
                      <span className="block text-xs break-all text-[var(--color-muted-foreground)]">
                        {[file.file_name, file.file_size === null ? null : formatFileSize(file.file_size)].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {choiceError ? (
        <p id={`${ids}-error`} className="text-sm text-[var(--color-destructive)]">
          {choiceError}
        </p>
      ) : null}
      {chosen ? (
        <p className="text-sm break-words">
          <span className="text-[var(--color-muted-foreground)]">Selected file: </span>
          <span className="font-medium">{candidateLabel(chosen)}</span>
        </p>
      ) : null}
      <FormFailure failure={failure} />
      <DialogActions label="Attach" busyLabel="Attaching…" busy={form.formState.isSubmitting} hideAction={files.length === 0} />
    </form>
  );
}
