import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { ACTION_LOG_TEXT_MAX, createHelpRequestBodySchema } from "#common/contracts/action-log";
import { ACTION_LOG_MESSAGES, HELP_SAVED_MESSAGES, HELP_TYPES, HELP_TYPE_LABELS } from "#common/domain/action-log";
import { Button } from "#web/components/ui/button.tsx";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { DialogClose, DialogFooter } from "#web/components/ui/dialog.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { useCreateHelpRequest } from "#web/features/action-log/api/action-log-api.ts";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import type { CaptureKind } from "#web/lib/capture/capture-support.ts";
import { toastCaptureAttached } from "#web/lib/capture/capture-toasts.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { HelpAttachments } from "./help-attachments.tsx";
import { HELP_ATTACHMENTS_MAX, type PendingAttachment, describeSource, uploadHelpAttachment } from "./help-uploads.ts";

// The contract's own rules: "Title is required" once trimmed (spec §5), the same lengths as the
// server; the description's limit is said as the count under it shows it ("10,000").
const helpFormSchema = createHelpRequestBodySchema.pick({ help_type: true, title: true }).extend({
  description: z
    .string()
    .max(ACTION_LOG_TEXT_MAX, { error: characterLimitMessage("Description", ACTION_LOG_TEXT_MAX) })
    .pipe(createHelpRequestBodySchema.shape.description.unwrap()),
});
type HelpFormInput = z.input<typeof helpFormSchema>;
type HelpFormValues = z.output<typeof helpFormSchema>;

const EMPTY: HelpFormInput = { help_type: "question", title: "", description: "" };

/** What the dialog needs to know before it closes (spec §4). */
export interface HelpFormState {
  /** A title or description was typed (not blank once trimmed), or an attachment is pending. */
  dirty: boolean;
  saving: boolean;
}

/**
 * The form of Get Expert Help: the kind of help, a title, a description and attachments. Submit
 * uploads each pending file to the library, then sends the request with their ids, the page the
 * user is on and their browser. A failure says why and keeps everything as it was; files already
 * uploaded are not sent again.
 */
export function GetHelpForm({ onStateChange, onSent }: { onStateChange: (state: HelpFormState) => void; onSent: () => void }) {
  const ids = useId();
  const location = useLocation();
  const queryClient = useQueryClient();
  const createHelpRequest = useCreateHelpRequest();
  const form = useForm<HelpFormInput, unknown, HelpFormValues>({ resolver: zodResolver(helpFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const [title, description] = useWatch({ control: form.control, name: ["title", "description"] });
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const [step, setStep] = useState<string | null>(null);
  const uploaded = useRef(new Map<string, string>());
  const lastKey = useRef(0);
  const dirty = title.trim() !== "" || (description ?? "").trim() !== "" || attachments.length > 0;

  useEffect(() => onStateChange({ dirty, saving: isSubmitting }), [dirty, isSubmitting, onStateChange]);

  const add = (files: File[], kind: PendingAttachment["kind"]): boolean => {
    const room = HELP_ATTACHMENTS_MAX - attachments.length;
    if (files.length > room) toast.error("Too many attachments", { description: `A request takes at most ${HELP_ATTACHMENTS_MAX} attachments.` });
    const added = files.slice(0, Math.max(0, room)).map((file) => ({ key: String((lastKey.current += 1)), file, kind }));
    setAttachments((list) => [...list, ...added]);
    return added.length > 0;
  };

  const addCapture = (file: File, kind: CaptureKind) => {
    // Thrown, the preview stays open (nothing was added).
    if (!add([file], kind)) throw new Error("No room for another attachment");
    toastCaptureAttached(kind);
  };

  /** The library ids of every pending attachment, uploading those not uploaded yet; null when one failed (said). */
  const uploadPending = async (): Promise<string[] | null> => {
    const contentIds: string[] = [];
    for (const [index, { key, file }] of attachments.entries()) {
      let contentId = uploaded.current.get(key);
      if (contentId === undefined) {
        setStep(`Uploading ${index + 1} of ${attachments.length}…`);
        try {
          contentId = await uploadHelpAttachment(file);
        } catch (error) {
          toast.error("Upload Failed", { description: `${file.name}: ${messageOf(error, "The file could not be uploaded. Please try again.")}` });
          return null;
        }
        uploaded.current.set(key, contentId);
        void queryClient.invalidateQueries({ queryKey: queryKeys.content });
      }
      contentIds.push(contentId);
    }
    return contentIds;
  };

  const send = async (values: HelpFormValues) => {
    try {
      const contentIds = await uploadPending();
      if (contentIds === null) return;
      setStep("Sending…");
      const answer = await createHelpRequest.mutateAsync({
        ...values,
        description: values.description || undefined,
        ...describeSource(location),
        attachment_ids: contentIds.length > 0 ? contentIds : undefined,
      });
      toast.success(answer.message || HELP_SAVED_MESSAGES[values.help_type]);
      const failed = answer.failed_attachment_ids.length;
      if (failed > 0) {
        toast.warning("Some attachments could not be linked", {
          description: `${failed} of ${contentIds.length} attachments could not be added to your request. They are in your file library.`,
        });
      }
      onSent();
    } catch (error) {
      for (const issue of fieldIssuesOf(error)) {
        if (issue.path === "title" || issue.path === "description") form.setError(issue.path, { message: issue.message });
      }
      toast.error(ACTION_LOG_MESSAGES.createFailed, { description: messageOf(error, "Your request could not be sent. Please try again.") });
    } finally {
      setStep(null);
    }
  };

  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;
  const titleError = errors.title?.message;
  const descriptionError = errors.description?.message;
  return (
    <form onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate className="min-w-0 space-y-5">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">What do you need?</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {HELP_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Radio value={type} {...form.register("help_type")} />
              {HELP_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id={titleId} label="Title" error={titleError}>
        <Input autoComplete="off" {...fieldErrorProps(titleId, titleError)} {...form.register("title")} />
      </FormField>
      <FormField id={descriptionId} label="Description (optional)" error={descriptionError}>
        <Textarea rows={4} {...fieldErrorProps(descriptionId, descriptionError, characterCountId(descriptionId))} {...form.register("description")} />
        <FieldCharacterCount control={form.control} name="description" fieldId={descriptionId} max={ACTION_LOG_TEXT_MAX} />
      </FormField>
      <HelpAttachments
        attachments={attachments}
        disabled={isSubmitting}
        onAddFiles={(files) => {
          add(files, "file");
        }}
        onCaptured={addCapture}
        onRemove={(key) => setAttachments((list) => list.filter((attachment) => attachment.key !== key))}
      />
      <p role="status" className="sr-only">
        {step ?? ""}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (step ?? "Submitting…") : "Submit"}
        </Button>
      </DialogFooter>
    </form>
  );
}
