import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { type LaunchpadPageState, markPageNotApplicableBodySchema } from "#common/contracts/launchpad";
import { ASPECT_PAGES, type AspectPageId, NOT_APPLICABLE_REASON_MAX } from "#common/domain/launchpad";
import { Button } from "#web/components/ui/button.tsx";
import { CharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { useSetPageNotApplicable } from "./launchpad-api.ts";

const REASON_FIELD_ID = "not-applicable-reason";
const NOTE = "rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] p-3 text-sm";

/**
 * Where an aspect page (Distribution, Manufacturing, Ecommerce) stands on applying: outside the
 * business aspects it counts as done on its own; inside them it can still be answered "This does
 * not apply to us" with a short reason, and that answer withdrawn. The questions stay below, with
 * what was entered kept for the day the page applies.
 */
export function NotApplicablePanel({ pageId, state }: { pageId: AspectPageId; state: LaunchpadPageState | undefined }) {
  const clear = useSetPageNotApplicable(pageId);
  const [asking, setAsking] = useState(false);
  const aspect = ASPECT_PAGES[pageId];
  if (state?.status === "not_applicable" && state.not_applicable_reason === null) {
    return (
      <p className={NOTE}>
        <strong className="font-semibold">Not applicable.</strong> Your business aspects in{" "}
        <Link to="/goals" className="underline underline-offset-4">
          Business Setup
        </Link>{" "}
        do not include {aspect}, so this page counts as done. It becomes required again if you add {aspect}; what you enter here is kept.
      </p>
    );
  }
  if (state?.not_applicable_reason) {
    const withdraw = () =>
      clear.mutate(null, {
        onSuccess: () => toast.success("This page is to be answered again"),
        onError: (error) => toast.error("Could not change the answer", { description: messageOf(error, "Please try again.") }),
      });
    return (
      <div className={`${NOTE} space-y-2`}>
        <p className="break-words">
          <strong className="font-semibold">Answered “This does not apply to us”:</strong> {state.not_applicable_reason}
        </p>
        <Button type="button" variant="outline" size="sm" disabled={clear.isPending} onClick={withdraw}>
          {clear.isPending ? "Saving…" : "It applies after all"}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-[var(--color-muted-foreground)]">
      <span>{`Part of your business aspects (${aspect}), but nothing to set up here?`}</span>
      <Button type="button" variant="outline" size="sm" onClick={() => setAsking(true)}>
        This does not apply to us
      </Button>
      <NotApplicableDialog pageId={pageId} open={asking} onOpenChange={setAsking} />
    </div>
  );
}

function NotApplicableDialog({ pageId, open, onOpenChange }: { pageId: AspectPageId; open: boolean; onOpenChange: (open: boolean) => void }) {
  const mark = useSetPageNotApplicable(pageId);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(markPageNotApplicableBodySchema), defaultValues: { reason: "" } });
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const reason = useWatch({ control: form.control, name: "reason" });
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await mark.mutateAsync(values.reason);
      toast.success("Marked as not applicable");
      form.reset();
      onOpenChange(false);
    } catch (caught) {
      setFailure(messageOf(caught, "Could not save the answer. Please try again."));
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>This does not apply to us</DialogTitle>
          <DialogDescription>The page counts as done and shows your reason. You can take the answer back at any time.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} {...clearOnChange} noValidate className="space-y-4">
          <FormField id={REASON_FIELD_ID} label="Why not?" error={error}>
            <Textarea {...form.register("reason")} {...fieldErrorProps(REASON_FIELD_ID, error, characterCountId(REASON_FIELD_ID))} rows={3} />
          </FormField>
          <CharacterCount fieldId={REASON_FIELD_ID} value={reason} max={NOT_APPLICABLE_REASON_MAX} />
          <FormFailure failure={failure} />
          <DialogActions label="Save answer" busyLabel="Saving…" busy={mark.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
