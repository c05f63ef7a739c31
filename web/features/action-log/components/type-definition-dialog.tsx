import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { type TypeDefinition, updateTypeDefinitionBodySchema } from "#common/contracts/action-log";
import { ACTION_LOG_FIELD_LABELS, ACTION_LOG_FIELDS } from "#common/domain/action-log";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { useUpdateTypeDefinition } from "#web/features/action-log/api/action-log-api.ts";
import { fieldIssuesOf } from "#web/lib/api-client.ts";
import { toastActionLogDone, toastActionLogFailure } from "./entry-toasts.ts";

// The contract's limit, read from its schema (it exports no constant for it).
const DESCRIPTION_MAX = updateTypeDefinitionBodySchema.shape.description.maxLength ?? 1_000;

// The contract's rules, the description's limit said as the count under it shows it ("1,000").
const definitionFormSchema = updateTypeDefinitionBodySchema.extend({
  description: z
    .string()
    .max(DESCRIPTION_MAX, { error: characterLimitMessage("Description", DESCRIPTION_MAX) })
    .pipe(updateTypeDefinitionBodySchema.shape.description),
});
type DefinitionInput = z.input<typeof definitionFormSchema>;
type DefinitionOutput = z.output<typeof definitionFormSchema>;

/** The provider administrator's edit of one type: what it means, and which fields its form asks for. */
export function TypeDefinitionDialog({ definition, onClose }: { definition: TypeDefinition | null; onClose: () => void }) {
  return (
    <Dialog open={definition !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        {definition ? <DefinitionForm key={definition.action_log_type} definition={definition} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DefinitionForm({ definition, onSaved }: { definition: TypeDefinition; onSaved: () => void }) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const update = useUpdateTypeDefinition();
  const form = useForm<DefinitionInput, unknown, DefinitionOutput>({
    resolver: zodResolver(definitionFormSchema),
    defaultValues: { action_log_type: definition.action_log_type, description: definition.description, fields: [...definition.fields] },
  });
  const { errors, isSubmitting } = form.formState;
  const descriptionError = errors.description?.message;

  const submit = form.handleSubmit(async (values) => {
    // The fields in their usual order, whatever order they were ticked in.
    const fields = ACTION_LOG_FIELDS.filter((field) => values.fields.includes(field));
    try {
      await update.mutateAsync({ ...values, fields });
      toastActionLogDone("Type definition saved", `${definition.action_log_type} asks for ${fields.length} ${fields.length === 1 ? "field" : "fields"}.`);
      onSaved();
    } catch (error) {
      const issue = fieldIssuesOf(error).find((item) => item.path === "description");
      if (issue) form.setError("description", { message: issue.message }, { shouldFocus: true });
      toastActionLogFailure("Failed to update type definition", error);
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{`Edit ${definition.action_log_type}`}</DialogTitle>
        <DialogDescription>What this type means, and the fields its entries ask for. Every organization sees the change.</DialogDescription>
      </DialogHeader>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <FormField id={descriptionId} label="Description" error={descriptionError}>
          <Textarea rows={3} aria-required="true" {...fieldErrorProps(descriptionId, descriptionError, characterCountId(descriptionId))} {...form.register("description")} />
          <FieldCharacterCount control={form.control} name="description" fieldId={descriptionId} max={DESCRIPTION_MAX} />
        </FormField>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Fields it asks for</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {ACTION_LOG_FIELDS.map((field) => (
              <div key={field} className="flex items-center gap-2">
                <Checkbox id={`${id}-field-${field}`} value={field} {...form.register("fields")} />
                <label htmlFor={`${id}-field-${field}`} className="text-sm">
                  {ACTION_LOG_FIELD_LABELS[field]}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <DialogActions label="Save" busyLabel="Saving…" busy={isSubmitting} />
      </form>
    </>
  );
}
