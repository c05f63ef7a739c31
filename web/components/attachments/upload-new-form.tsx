import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { contentDescriptionSchema, contentTitleSchema } from "#common/contracts/content";
import { CONTENT_DESCRIPTION_MAX, formatFileSize, titleFromFileName } from "#common/domain/content";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError, fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { type AttachmentTarget, uploadAndAttach, useRefreshAttachments } from "./attachments-api.ts";

const uploadFormSchema = z.object({
  file: z.custom<File | null>((value) => value instanceof File, { error: "File is required" }).transform((file) => file as File),
  title: contentTitleSchema,
  // The contract's rule, its limit said as the count under the box shows it ("2,000").
  description: z
    .string()
    .max(CONTENT_DESCRIPTION_MAX, { error: characterLimitMessage("Description", CONTENT_DESCRIPTION_MAX) })
    .pipe(contentDescriptionSchema.unwrap().unwrap()),
});
type FormInput = z.input<typeof uploadFormSchema>;
type FormOutput = z.output<typeof uploadFormSchema>;

const EMPTY: FormInput = { file: null, title: "", description: "" };

/**
 * Upload New (spec §5): a file (required), its title prefilled from the file name without the
 * extension (required once trimmed), an optional description. The file goes to the top of the
 * library, then is attached; the bar shows the upload's progress. The server's refusals (a title
 * taken, a file too large or empty, a type not accepted) show in the form until a field changes.
 */
export function UploadNewForm({ target, onDone }: { target: AttachmentTarget; onDone: () => void }) {
  const ids = useId();
  const fileId = `${ids}-file`;
  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;
  const refresh = useRefreshAttachments(target);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(uploadFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const [progress, setProgress] = useState<number | null>(null);
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const prefilled = useRef("");
  const upload = useRef<AbortController | null>(null);
  const file = useWatch({ control: form.control, name: "file" });

  // Closing the dialog (or leaving the page) mid-upload cancels the upload.
  useEffect(() => () => upload.current?.abort(), []);

  const chooseFile = (chosen: File | null) => {
    form.setValue("file", chosen, { shouldValidate: form.formState.isSubmitted });
    const title = form.getValues("title");
    if (chosen && (title.trim() === "" || title === prefilled.current)) {
      prefilled.current = titleFromFileName(chosen.name);
      form.setValue("title", prefilled.current, { shouldValidate: form.formState.isSubmitted });
    }
  };

  const send = async (values: FormOutput) => {
    setFailure(null);
    setProgress(0);
    const controller = new AbortController();
    upload.current = controller;
    try {
      await uploadAndAttach(target, { ...values, onProgress: setProgress, signal: controller.signal });
      void refresh({ uploaded: true });
      onDone();
    } catch (error) {
      if (controller.signal.aborted) return;
      const issues = fieldIssuesOf(error).filter((issue) => issue.path === "title" || issue.path === "description");
      for (const issue of issues) form.setError(issue.path as "title" | "description", { message: issue.message });
      if (issues.length > 0) return;
      if (error instanceof ApiError && error.code === "conflict") form.setError("title", { message: error.message });
      else setFailure(messageOf(error, "Failed to upload content. Please try again."));
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const fileError = errors.file?.message;
  const titleError = errors.title?.message;
  const descriptionError = errors.description?.message;
  return (
    <form onSubmit={(event) => void form.handleSubmit(send)(event)} {...clearOnChange} noValidate className="space-y-4">
      <FormField id={fileId} label="File" error={fileError}>
        <Input
          type="file"
          disabled={isSubmitting}
          className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-[var(--color-muted)] file:px-2 file:py-1 file:text-sm file:text-[var(--color-foreground)]"
          {...fieldErrorProps(fileId, fileError, ...(file ? [`${fileId}-chosen`] : []))}
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
        />
        {file ? (
          <p id={`${fileId}-chosen`} className="text-sm break-all text-[var(--color-muted-foreground)]">
            {`${file.name} · ${formatFileSize(file.size)}`}
          </p>
        ) : null}
      </FormField>
      <FormField id={titleId} label="Title" error={titleError}>
        <Input autoComplete="off" disabled={isSubmitting} {...fieldErrorProps(titleId, titleError)} {...form.register("title")} />
      </FormField>
      <FormField id={descriptionId} label="Description (optional)" error={descriptionError}>
        <Textarea
          rows={3}
          disabled={isSubmitting}
          {...fieldErrorProps(descriptionId, descriptionError, characterCountId(descriptionId))}
          {...form.register("description")}
        />
        <FieldCharacterCount control={form.control} name="description" fieldId={descriptionId} max={CONTENT_DESCRIPTION_MAX} />
      </FormField>
      {progress !== null ? <ProgressBar value={progress * 100} label="Upload progress" showValue /> : null}
      <FormFailure failure={failure} />
      <DialogActions label="Upload and attach" busyLabel="Uploading…" busy={isSubmitting} />
    </form>
  );
}
