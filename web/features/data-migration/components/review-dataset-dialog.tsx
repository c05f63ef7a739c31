import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { DATASET_COMMENT_MAX, type EtlDataset, reviewDatasetBodySchema } from "#common/contracts/data-migration";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError, fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { formatDateTime } from "#web/lib/format-date.ts";
import { useReviewDataset } from "#web/features/data-migration/api/etl-admin-api.ts";
import { countOf, entityLabel } from "#web/features/data-migration/migration-format.ts";

// The contract's rules, the comment's limit said as the count under it shows it ("1,000").
const reviewFormSchema = reviewDatasetBodySchema.safeExtend({
  comment: z
    .string()
    .max(DATASET_COMMENT_MAX, { error: characterLimitMessage("Comment", DATASET_COMMENT_MAX) })
    .pipe(reviewDatasetBodySchema.shape.comment.unwrap()),
});

export type ReviewDecision = "loaded" | "rejected";

export interface ReviewRequest {
  dataset: EtlDataset;
  decision: ReviewDecision;
}

/**
 * The ETL team marks a staged dataset loaded or rejected; the comment shows on the customer's
 * Data Setup page. Once it is done (or refused because a newer file came), the row's buttons may
 * be gone: `onDone` says where focus goes instead.
 */
export function ReviewDatasetDialog({ request, onClose, onDone }: { request: ReviewRequest | null; onClose: () => void; onDone: () => void }) {
  const done = useRef(false);
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!done.current) return;
          done.current = false;
          event.preventDefault();
          onDone();
        }}
      >
        {request ? (
          <>
            <DialogHeader>
              <DialogTitle>
                Mark {request.dataset.file_name} {request.decision}
              </DialogTitle>
              <DialogDescription>
                {request.dataset.organization_name} · {entityLabel(request.dataset.entity)} ·{" "}
                {countOf(request.dataset.row_count, "row", "rows")}, staged
                {request.dataset.staged_by_name ? ` by ${request.dataset.staged_by_name}` : ""} on {formatDateTime(request.dataset.staged_at)}.
              </DialogDescription>
            </DialogHeader>
            {/* Keyed: another dataset or decision starts an empty form. */}
            <ReviewForm
              key={`${request.dataset.id}-${request.decision}`}
              request={request}
              onDone={() => {
                done.current = true;
                onClose();
              }}
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({ request, onDone }: { request: ReviewRequest; onDone: () => void }) {
  const review = useReviewDataset();
  const { dataset, decision } = request;
  const form = useForm<z.input<typeof reviewFormSchema>, unknown, z.output<typeof reviewFormSchema>>({
    resolver: zodResolver(reviewFormSchema),
    // The verdict is for the file this list showed: a newer upload since then refuses it (409).
    defaultValues: { status: decision, comment: "", staged_at: dataset.staged_at },
  });
  const { errors, isSubmitting } = form.formState;
  const commentError = errors.comment?.message;
  const rejecting = decision === "rejected";

  const submit = form.handleSubmit(async (body) => {
    try {
      await review.mutateAsync({ datasetId: dataset.id, body });
      const outcome = rejecting ? "rejected" : "marked loaded";
      toast.success("Success", { description: `${dataset.file_name} of ${dataset.organization_name} ${outcome}.` });
      onDone();
    } catch (error) {
      const issue = fieldIssuesOf(error).find((candidate) => candidate.path === "comment");
      if (issue) {
        form.setError("comment", { message: issue.message }, { shouldFocus: true });
        return;
      }
      toast.error("Error", { description: `Failed to review ${dataset.file_name}. ${messageOf(error, "Please try again.")}` });
      // A newer file was staged since the list was loaded: this verdict can never apply, and the
      // refreshed list shows the new file to review.
      if (error instanceof ApiError && error.code === "conflict") onDone();
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="review-comment" label={rejecting ? "Why is it rejected?" : "Comment (optional)"} error={commentError}>
        <Textarea
          rows={5}
          aria-required={rejecting}
          {...fieldErrorProps("review-comment", commentError, "review-comment-hint", characterCountId("review-comment"))}
          {...form.register("comment")}
        />
        <FieldCharacterCount control={form.control} name="comment" fieldId="review-comment" max={DATASET_COMMENT_MAX} />
      </FormField>
      <p id="review-comment-hint" className="text-xs text-[var(--color-muted-foreground)]">
        {rejecting
          ? "Say what to fix. The customer sees this on their Data Setup page, with your name."
          : "The customer sees this on their Data Setup page, with your name."}
      </p>
      <DialogActions
        label={rejecting ? "Mark rejected" : "Mark loaded"}
        busyLabel="Saving…"
        busy={isSubmitting}
        variant={rejecting ? "destructive" : "default"}
      />
    </form>
  );
}
