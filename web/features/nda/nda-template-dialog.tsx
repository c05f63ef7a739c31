import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  NDA_TEMPLATE_BODY_MAX,
  NDA_TEMPLATE_TITLE_MAX,
  type NdaTemplate,
  type UpdateNdaTemplateBody,
  updateNdaTemplateBodySchema,
} from "#common/contracts/nda";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { useSaveNdaTemplate } from "./nda-api.ts";

const FIELDS = ["title", "body"] as const;

/**
 * Employees: edit the mutual NDA template. Saving makes a new version that later signatures use;
 * NDAs already signed keep their text. Used by /nda and meant for /administration too.
 */
export function EditNdaTemplateDialog({
  open,
  onOpenChange,
  template,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template: NdaTemplate;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit NDA template</DialogTitle>
          <DialogDescription>
            Version {template.version}
            {template.is_default ? " (built-in)" : ""}. Saving creates a new version for future signatures; NDAs already signed keep
            their text.
          </DialogDescription>
        </DialogHeader>
        {/* The content mounts on opening, so the form starts from the current template each time. */}
        <TemplateForm template={template} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, onSaved }: { template: NdaTemplate; onSaved: () => void }) {
  const save = useSaveNdaTemplate();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<UpdateNdaTemplateBody>({
    resolver: zodResolver(updateNdaTemplateBodySchema),
    defaultValues: { title: template.title, body: template.body },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      toast.success("NDA template saved");
      onSaved();
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((issue) => (FIELDS as readonly string[]).includes(issue.path));
      for (const issue of issues) form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
      if (issues.length === 0) setFailure(messageOf(error, "Failed to save the NDA template. Please try again."));
    }
  });

  const titleError = errors.title?.message;
  const bodyError = errors.body?.message;
  return (
    <form onSubmit={submit} {...clearOnChange} noValidate className="space-y-4">
      <FormField id="nda-template-title" label="Title" error={titleError}>
        <Input {...fieldErrorProps("nda-template-title", titleError, characterCountId("nda-template-title"))} {...form.register("title")} />
        <FieldCharacterCount control={form.control} name="title" fieldId="nda-template-title" max={NDA_TEMPLATE_TITLE_MAX} />
      </FormField>
      <FormField id="nda-template-body" label="NDA text" error={bodyError}>
        <Textarea rows={16} {...fieldErrorProps("nda-template-body", bodyError, characterCountId("nda-template-body"))} {...form.register("body")} />
        <FieldCharacterCount control={form.control} name="body" fieldId="nda-template-body" max={NDA_TEMPLATE_BODY_MAX} />
      </FormField>
      <FormFailure failure={failure} />
      <DialogActions label="Save" busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}
