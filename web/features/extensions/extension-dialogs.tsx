import { useForm, useWatch } from "react-hook-form";
import { type Extension, EXTENSION_NOTE_MAX } from "#common/contracts/extensions";
import { formatAmount } from "#common/domain/money";
import { CharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { type ExtensionAction, useChangeExtension } from "./extensions-api.ts";

/** The changes that ask for words first: a request's note, a decline's reason, a deactivation's reason. */
export type TextAction = Extract<ExtensionAction, "request" | "decline" | "deactivate">;

interface DialogText {
  title: string;
  description: string;
  label: string;
  required: boolean;
  action: string;
  busy: string;
  failure: string;
}

function textsOf(action: TextAction, extension: Extension, locked: boolean): DialogText {
  const price = extension.monthly_price_cents === null ? "" : ` It adds ${extension.price_is_from ? "from " : ""}${formatAmount(extension.monthly_price_cents)} a month to your subscription once the provider activates it.`;
  switch (action) {
    case "request":
      return {
        title: `Request ${extension.label}`,
        description: `The provider reviews the request and activates the extension.${price}`,
        label: "Note for the provider (optional)",
        required: false,
        action: "Send request",
        busy: "Sending…",
        failure: "The request was not sent. Please try again.",
      };
    case "decline":
      return {
        title: `Decline the request for ${extension.label}`,
        description: "The organization sees your reason on its Extensions page and on its request.",
        label: "Reason",
        required: true,
        action: "Decline request",
        busy: "Declining…",
        failure: "The request was not declined. Please try again.",
      };
    case "deactivate":
      return {
        title: `Deactivate ${extension.label}`,
        description: locked
          ? "Its page closes for the organization's members. The primary estimate is locked: the add-on's removal is recorded for the next plan."
          : "Its page closes for the organization's members and the add-on leaves the primary estimate.",
        label: "Reason (optional)",
        required: false,
        action: "Deactivate",
        busy: "Deactivating…",
        failure: "The extension was not deactivated. Please try again.",
      };
  }
}

/** Asks for the note or reason of a change, sends it, and says what it did. */
export function ExtensionTextDialog({ action, extension, estimateLocked, onClose }: { action: TextAction; extension: Extension; estimateLocked: boolean; onClose: () => void }) {
  const texts = textsOf(action, extension, estimateLocked);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <TextForm action={action} extensionId={extension.id} texts={texts} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function TextForm({ action, extensionId, texts, onDone }: { action: TextAction; extensionId: string; texts: DialogText; onDone: () => void }) {
  const change = useChangeExtension();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<{ text: string }>({ defaultValues: { text: "" } });
  const text = useWatch({ control: form.control, name: "text" });
  const error = form.formState.errors.text?.message;
  const id = `extension-${action}-text`;

  const save = form.handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      const result = await change.mutateAsync({ action, extensionId, text: text.trim() === "" ? null : text.trim() });
      lazyToast.success(result.message);
      onDone();
    } catch (caught) {
      const issue = fieldIssuesOf(caught).find((entry) => entry.path === "note" || entry.path === "reason");
      if (issue) form.setError("text", { message: issue.message });
      else setFailure(messageOf(caught, texts.failure));
    }
  });

  return (
    <form onSubmit={(event) => void save(event)} {...clearOnChange} noValidate className="space-y-4">
      <FormField id={id} label={texts.label} error={error}>
        <Textarea
          rows={4}
          {...fieldErrorProps(id, error, characterCountId(id))}
          {...form.register("text", {
            validate: (value) => {
              const trimmed = value.trim();
              if (texts.required && trimmed === "") return "Say why the request is declined";
              return trimmed.length > EXTENSION_NOTE_MAX ? `${texts.label.replace(" (optional)", "")} must be at most ${EXTENSION_NOTE_MAX} characters` : true;
            },
          })}
        />
      </FormField>
      <CharacterCount fieldId={id} value={text} max={EXTENSION_NOTE_MAX} />
      <FormFailure failure={failure} />
      <DialogActions label={texts.action} busyLabel={texts.busy} busy={form.formState.isSubmitting} variant={action === "request" ? "default" : "destructive"} />
    </form>
  );
}
