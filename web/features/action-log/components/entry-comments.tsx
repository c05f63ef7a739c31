import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ACTION_LOG_COMMENT_MAX, type ActionLogComment, addCommentBodySchema } from "#common/contracts/action-log";
import { Button } from "#web/components/ui/button.tsx";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { useAddActionLogComment } from "#web/features/action-log/api/action-log-api.ts";
import { fieldIssuesOf } from "#web/lib/api-client.ts";
import { EntryTime } from "./entry-time.tsx";
import { toastActionLogFailure } from "./entry-toasts.ts";

/** The entry's conversation, oldest first, and a box to add to it. */
export function EntryComments({ actionLogId, comments }: { actionLogId: string; comments: readonly ActionLogComment[] }) {
  const headingId = useId();
  const ordered = [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold">
        {comments.length > 0 ? `Comments (${comments.length})` : "Comments"}
      </h3>
      {ordered.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No comments yet.</p>
      ) : (
        <ol className="space-y-3" aria-labelledby={headingId}>
          {ordered.map((comment) => (
            <li key={comment.id} className="rounded-md border border-[var(--color-border)] p-3">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium">{comment.author?.name ?? "A former user"}</span>
                <span className="text-xs text-[var(--color-muted-foreground)]">
                  <EntryTime iso={comment.created_at} />
                </span>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <CommentForm actionLogId={actionLogId} />
    </section>
  );
}

// The contract's rules, its limit said as the count under the box shows it ("5,000").
const commentFormSchema = z.object({
  body: z.string().max(ACTION_LOG_COMMENT_MAX, { error: characterLimitMessage("Comment", ACTION_LOG_COMMENT_MAX) }).pipe(addCommentBodySchema.shape.body),
});
type CommentInput = z.input<typeof commentFormSchema>;
type CommentOutput = z.output<typeof commentFormSchema>;

function CommentForm({ actionLogId }: { actionLogId: string }) {
  const fieldId = `${useId()}-comment`;
  const add = useAddActionLogComment();
  const form = useForm<CommentInput, unknown, CommentOutput>({ resolver: zodResolver(commentFormSchema), defaultValues: { body: "" } });
  const { errors, isSubmitting } = form.formState;
  const error = errors.body?.message;

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await add.mutateAsync({ actionLogId, body });
      form.reset({ body: "" });
    } catch (failure) {
      const issue = fieldIssuesOf(failure).find((item) => item.path === "body");
      if (issue) form.setError("body", { message: issue.message }, { shouldFocus: true });
      toastActionLogFailure("Failed to add comment", failure);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <FormField id={fieldId} label="Add a comment" error={error}>
        <Textarea rows={3} {...fieldErrorProps(fieldId, error, characterCountId(fieldId))} {...form.register("body")} />
        <FieldCharacterCount control={form.control} name="body" fieldId={fieldId} max={ACTION_LOG_COMMENT_MAX} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Commenting…" : "Comment"}
        </Button>
      </div>
    </form>
  );
}
