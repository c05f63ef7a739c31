import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { contentDescriptionSchema, updateContentBodySchema } from "#common/contracts/content";
import { CONTENT_DESCRIPTION_MAX, CONTENT_TITLE_MAX } from "#common/domain/content";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError, fieldIssuesOf } from "#web/lib/api-client.ts";
import { type ContentFailure, showContentFailure } from "./content-toasts.ts";

// The contract's rules, the limits said as the counts under the fields show them ("2,000").
const detailsFormSchema = updateContentBodySchema.extend({
  title: z.string().max(CONTENT_TITLE_MAX, { error: characterLimitMessage("Title", CONTENT_TITLE_MAX) }).pipe(updateContentBodySchema.shape.title),
  description: z
    .string()
    .max(CONTENT_DESCRIPTION_MAX, { error: characterLimitMessage("Description", CONTENT_DESCRIPTION_MAX) })
    .pipe(contentDescriptionSchema.unwrap().unwrap()),
});
type DetailsInput = z.input<typeof detailsFormSchema>;
export type ContentDetails = z.output<typeof detailsFormSchema>;

export interface ContentDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "New folder", "Rename". */
  heading: string;
  explanation: string;
  submitLabel: string;
  busyLabel: string;
  initial: { title: string; description: string | null };
  /** What the failure toast is titled (spec §8). */
  failure: ContentFailure;
  /** Saves; a rejection (ApiError) puts the server's reason on the field it names, a duplicate on the title. */
  onSubmit: (details: ContentDetails) => Promise<void>;
}

const FIELDS = ["title", "description"] as const;

/** A title (required, trimmed) and a description (optional): the form behind New folder and Rename. */
export function ContentDetailsDialog({ open, onOpenChange, heading, explanation, submitLabel, busyLabel, initial, failure, onSubmit }: ContentDetailsDialogProps) {
  const id = useId();
  const defaults: DetailsInput = { title: initial.title, description: initial.description ?? "" };
  const form = useForm<DetailsInput, unknown, ContentDetails>({ resolver: zodResolver(detailsFormSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  const { title: initialTitle, description: initialDescription } = initial;

  // Each opening starts from the item's current details.
  useEffect(() => {
    if (open) reset({ title: initialTitle, description: initialDescription ?? "" });
  }, [open, initialTitle, initialDescription, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onOpenChange(false);
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((issue) => (FIELDS as readonly string[]).includes(issue.path));
      for (const issue of issues) form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
      if (error instanceof ApiError && error.code === "conflict") form.setError("title", { message: error.message }, { shouldFocus: true });
      if (issues.length === 0) showContentFailure(failure, error);
    }
  });

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const titleError = errors.title?.message;
  const descriptionError = errors.description?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>{explanation}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <FormField id={titleId} label="Title" error={titleError}>
            <Input autoComplete="off" {...fieldErrorProps(titleId, titleError, characterCountId(titleId))} {...form.register("title")} />
            <FieldCharacterCount control={form.control} name="title" fieldId={titleId} max={CONTENT_TITLE_MAX} />
          </FormField>
          <FormField id={descriptionId} label="Description (optional)" error={descriptionError}>
            <Textarea rows={3} {...fieldErrorProps(descriptionId, descriptionError, characterCountId(descriptionId))} {...form.register("description")} />
            <FieldCharacterCount control={form.control} name="description" fieldId={descriptionId} max={CONTENT_DESCRIPTION_MAX} />
          </FormField>
          <DialogActions label={submitLabel} busyLabel={busyLabel} busy={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
