import { useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { CONFIGURATION_MESSAGES, REOPEN_REASON_MAX, type ReopenModuleBody, reopenModuleBodySchema } from "#common/contracts/configuration";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { useReopenConfigurationModule, useSubmitConfigurationModule } from "./configuration-api.ts";

/** Asks before a module is submitted: its answers become read-only until the provider reopens it. */
export function SubmitModuleDialog({ module, open, onOpenChange }: { module: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const submit = useSubmitConfigurationModule();
  const isEmployee = useQuery(currentUserQuery).data?.is_employee === true;
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setFailure(null);
    try {
      await submit.mutateAsync({ module });
      toast.success(CONFIGURATION_MESSAGES.submitted);
      onOpenChange(false);
    } catch (error) {
      setFailure(messageOf(error, "Failed to submit the module. Please try again."));
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (submit.isPending) return;
        setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Submit {module}?</DialogTitle>
          <DialogDescription>
            {isEmployee
              ? "These answers will be used to configure the system. Once submitted they are read-only until an employee reopens the module."
              : "Your provider will use these answers to configure the system. Once submitted they are read-only until your provider reopens the module."}
          </DialogDescription>
        </DialogHeader>
        <FormFailure failure={failure} />
        <DialogActions label="Submit module" busyLabel="Submitting…" busy={submit.isPending} onClick={() => void confirm()} />
      </DialogContent>
    </Dialog>
  );
}

/** An employee reopens a submitted module and says why (3–500 characters). */
export function ReopenModuleDialog({ module, open, onOpenChange }: { module: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reopen {module}</DialogTitle>
          <DialogDescription>The organization can change the module's answers again and submits it once more. Say why it is reopened.</DialogDescription>
        </DialogHeader>
        {/* The content mounts on opening, so each reopening starts with an empty reason. */}
        <ReopenForm module={module} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReopenForm({ module, onDone }: { module: string; onDone: () => void }) {
  const reopen = useReopenConfigurationModule();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<ReopenModuleBody>({ resolver: zodResolver(reopenModuleBodySchema), defaultValues: { reason: "" } });
  const reasonError = form.formState.errors.reason?.message;
  const id = "configuration-reopen-reason";

  const save = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reopen.mutateAsync({ module, reason });
      toast.success(CONFIGURATION_MESSAGES.reopened);
      onDone();
    } catch (error) {
      const issue = fieldIssuesOf(error).find((entry) => entry.path === "reason");
      if (issue) form.setError("reason", { message: issue.message });
      else setFailure(messageOf(error, "Failed to reopen the module. Please try again."));
    }
  });

  return (
    <form onSubmit={(event) => void save(event)} {...clearOnChange} noValidate className="space-y-4">
      <FormField id={id} label="Reason" error={reasonError}>
        <Textarea rows={4} {...fieldErrorProps(id, reasonError, characterCountId(id))} {...form.register("reason")} />
        <FieldCharacterCount control={form.control} name="reason" fieldId={id} max={REOPEN_REASON_MAX} />
      </FormField>
      <FormFailure failure={failure} />
      <DialogActions label="Reopen module" busyLabel="Reopening…" busy={form.formState.isSubmitting} />
    </form>
  );
}
