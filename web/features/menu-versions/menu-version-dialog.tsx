import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { MENU_VERSION_NAME_MAX, type MenuVersion, menuItemIdSchema, menuVersionNameSchema } from "#common/contracts/menu-versions";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError, fieldIssuesOf } from "#web/lib/api-client.ts";
import { ItemChecklist } from "./item-checklist.tsx";
import { hasAlwaysVisibleExtensions, orderItems, withExtensionsPermission } from "./menu-items.ts";
import { useCreateMenuVersion, useUpdateMenuVersion } from "./menu-versions-api.ts";
import { toastFailure } from "./menu-toasts.ts";

/** The dialog's fields; the name follows the contract's rule, the items its catalogue. */
const menuVersionFormSchema = z.object({
  version_name: menuVersionNameSchema,
  is_active: z.boolean(),
  exclude_items: z.array(menuItemIdSchema),
  extensions_always_visible: z.boolean(),
});
type FormInput = z.input<typeof menuVersionFormSchema>;
type FormOutput = z.output<typeof menuVersionFormSchema>;

function initialValues(version: MenuVersion | undefined): FormInput {
  if (!version) return { version_name: "", is_active: true, exclude_items: [], extensions_always_visible: false };
  return {
    version_name: version.version_name,
    is_active: version.is_active,
    exclude_items: orderItems(version.menu_config.excludeItems),
    extensions_always_visible: hasAlwaysVisibleExtensions(version.menu_config),
  };
}

/** "New menu version", or "Edit menu version" when given the version to edit. */
export function MenuVersionDialog({
  open,
  onOpenChange,
  version,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  version?: MenuVersion;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{version ? "Edit menu version" : "New menu version"}</DialogTitle>
          <DialogDescription>
            A named navigation configuration. Organizations assigned to it see the menu without the excluded items.
          </DialogDescription>
        </DialogHeader>
        {/* The content mounts on opening, so the form starts from the version as listed each time. */}
        <MenuVersionForm version={version} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function MenuVersionForm({ version, onSaved }: { version: MenuVersion | undefined; onSaved: () => void }) {
  const create = useCreateMenuVersion();
  const update = useUpdateMenuVersion();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(menuVersionFormSchema), defaultValues: initialValues(version) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const body = {
      version_name: values.version_name,
      is_active: values.is_active,
      menu_config: {
        excludeItems: orderItems(values.exclude_items),
        customPermissions: withExtensionsPermission(version?.menu_config.customPermissions ?? {}, values.extensions_always_visible),
      },
    };
    try {
      if (version) await update.mutateAsync({ menuVersionId: version.id, body });
      else await create.mutateAsync(body);
      toast.success("Menu version saved", { description: `${values.version_name} is saved.` });
      onSaved();
    } catch (error) {
      const nameIssue = fieldIssuesOf(error).find((issue) => issue.path === "version_name");
      if (nameIssue) {
        form.setError("version_name", { message: nameIssue.message }, { shouldFocus: true });
        return;
      }
      // A duplicate name is the only conflict a version can run into.
      if (error instanceof ApiError && error.code === "conflict") {
        form.setError("version_name", { message: error.message }, { shouldFocus: true });
        return;
      }
      toastFailure(error, "Failed to save the menu version. Please try again.");
    }
  });

  const nameError = errors.version_name?.message;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormField id="menu-version-name" label="Version name" error={nameError}>
        {/* Never cut: counted near the limit, and the contract's schema refuses more. */}
        <Input
          autoComplete="off"
          {...fieldErrorProps("menu-version-name", nameError, "menu-version-name-hint", characterCountId("menu-version-name"))}
          {...form.register("version_name")}
        />
        <FieldCharacterCount control={form.control} name="version_name" fieldId="menu-version-name" max={MENU_VERSION_NAME_MAX} />
        <p id="menu-version-name-hint" className="text-xs text-[var(--color-muted-foreground)]">
          Letters, digits, spaces, dots, dashes and underscores; unique regardless of case.
        </p>
      </FormField>
      <CheckboxField
        id="menu-version-active"
        label="Active"
        hint="Organizations assigned to an inactive version get the default menu (v1)."
        {...form.register("is_active")}
      />
      <CheckboxField
        id="menu-version-extensions"
        label="Extensions always visible"
        hint="Members see the Extensions section; otherwise only provider employees do."
        {...form.register("extensions_always_visible")}
      />
      <fieldset className="space-y-3" aria-describedby="menu-version-items-hint">
        <legend className="text-sm font-medium">Excluded items</legend>
        <p id="menu-version-items-hint" className="text-xs text-[var(--color-muted-foreground)]">
          Checked items are hidden for every organization using this version. Excluding a whole section hides its items too.
        </p>
        <Controller
          control={form.control}
          name="exclude_items"
          render={({ field }) => <ItemChecklist value={field.value} onChange={field.onChange} disabled={isSubmitting} />}
        />
      </fieldset>
      <DialogActions label="Save" busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}

/** A checkbox with its label and a hint, registered with React Hook Form (a lone box reads as true or false). */
function CheckboxField({ id, label, hint, ...props }: { id: string; label: string; hint: string } & UseFormRegisterReturn) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} className="mt-0.5" aria-describedby={`${id}-hint`} {...props} />
      <div className="space-y-1">
        <label htmlFor={id} className="text-sm font-medium leading-none">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-[var(--color-muted-foreground)]">
          {hint}
        </p>
      </div>
    </div>
  );
}
