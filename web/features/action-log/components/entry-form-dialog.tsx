import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ACTION_LOG_TITLE_MAX, type ActionLogEntry } from "#common/contracts/action-log";
import { ACTION_LOG_MESSAGES, ACTION_LOG_STATUS_FLOW, type ActionLogType, DEFAULT_TYPE_DEFINITIONS } from "#common/domain/action-log";
import { UnsavedChangesDialog } from "#web/components/unsaved-changes-dialog.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { actionLogAssigneesQuery, typeDefinitionsQuery, useCreateActionLog, useUpdateActionLog } from "#web/features/action-log/api/action-log-api.ts";
import { ACTION_LOG_TYPE_NOUNS } from "./action-log-pages.ts";
import { fieldId } from "./entry-form-controls.tsx";
import { EntryFormFields } from "./entry-form-fields.tsx";
import {
  type EntryFormField,
  type EntryFormValues,
  createBodyOf,
  definitionFieldsOf,
  entryFormSchema,
  formValuesOf,
  isEntryFormField,
  shownFields,
  updateBodyOf,
} from "./entry-form-values.ts";

export interface EntryFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry to edit; none creates one. */
  entry?: ActionLogEntry;
  /** A new entry's type at first. */
  defaultType?: ActionLogType;
  /** The types the type select offers. */
  allowedTypes: readonly ActionLogType[];
}

/**
 * Creates or edits an entry. The fields follow the type's definition; a status change offers only
 * the moves the flow allows; a resolution note the status needs is asked for before sending.
 * Closing with unsaved changes asks first (Keep Editing / Discard Changes).
 */
export function EntryFormDialog(props: EntryFormDialogProps) {
  // Each opening starts a fresh form from the entry as it is then.
  return props.open ? <EntryForm {...props} /> : null;
}

function EntryForm({ onOpenChange, entry, defaultType, allowedTypes }: EntryFormDialogProps) {
  const formId = useId();
  const [initial] = useState(() => formValuesOf(entry, entry?.action_log_type ?? defaultType ?? allowedTypes[0] ?? "Task"));
  const form = useForm<EntryFormValues>({ resolver: zodResolver(entryFormSchema), defaultValues: initial });
  const [confirming, setConfirming] = useState(false);
  const definitions = useQuery(typeDefinitionsQuery);
  const assignees = useQuery(actionLogAssigneesQuery);
  const create = useCreateActionLog();
  const update = useUpdateActionLog();

  const { errors, isDirty, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: "action_log_type" });
  const status = useWatch({ control: form.control, name: "status" });
  const shown = shownFields(definitionFieldsOf(definitions.data?.definitions, type), type, status);
  const types = allowedTypes.includes(initial.action_log_type) ? allowedTypes : [initial.action_log_type, ...allowedTypes];
  const statuses = entry ? [entry.status, ...ACTION_LOG_STATUS_FLOW[entry.status]] : null;
  const noun = ACTION_LOG_TYPE_NOUNS[type];
  const description = definitions.data?.definitions.find((definition) => definition.action_log_type === type)?.description ?? DEFAULT_TYPE_DEFINITIONS[type].description;

  const isShown = (field: EntryFormField) =>
    field === "title" || (field === "action_log_type" ? types.length > 1 : field === "status" ? statuses !== null : shown.has(field));

  const requestClose = () => {
    if (isDirty && !isSubmitting) setConfirming(true);
    else onOpenChange(false);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (entry) {
        const body = updateBodyOf(values, initial, shown);
        if (Object.keys(body).length > 0) {
          const saved = await update.mutateAsync({ actionLogId: entry.id, body });
          lazyToast.success(`${ACTION_LOG_TYPE_NOUNS[saved.action_log_type]} updated`, { description: `${saved.reference} · ${saved.title}` });
        }
      } else {
        const saved = await create.mutateAsync(createBodyOf(values, shown));
        lazyToast.success(`${ACTION_LOG_TYPE_NOUNS[saved.action_log_type]} logged`, { description: `${saved.reference} · ${saved.title}` });
      }
      onOpenChange(false);
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((issue) => isEntryFormField(issue.path) && isShown(issue.path));
      issues.forEach((issue, index) => form.setError(issue.path as EntryFormField, { message: issue.message }, { shouldFocus: index === 0 }));
      if (issues.length === 0) {
        lazyToast.error(entry ? ACTION_LOG_MESSAGES.updateFailed : ACTION_LOG_MESSAGES.createFailed, {
          description: messageOf(error, "Something went wrong. Please try again."),
        });
      }
    }
  });

  const titleId = fieldId(formId, "title");
  const titleError = errors.title?.message;
  return (
    <>
      <Dialog open onOpenChange={(next) => (next ? undefined : requestClose())}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{entry ? `Edit ${entry.reference}` : `New ${noun.toLowerCase()}`}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
            <FormField id={titleId} label="Title" error={titleError}>
              <Input autoComplete="off" {...fieldErrorProps(titleId, titleError, characterCountId(titleId))} {...form.register("title")} />
              <FieldCharacterCount control={form.control} name="title" fieldId={titleId} max={ACTION_LOG_TITLE_MAX} />
            </FormField>
            <EntryFormFields formId={formId} form={form} shown={shown} types={types} statuses={statuses} assignees={assignees.data} entry={entry} />
            <DialogActions label={entry ? "Save changes" : `Create ${noun.toLowerCase()}`} busyLabel="Saving…" busy={isSubmitting} />
          </form>
        </DialogContent>
      </Dialog>
      <UnsavedChangesDialog
        open={confirming}
        onKeepEditing={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          onOpenChange(false);
        }}
      />
    </>
  );
}
