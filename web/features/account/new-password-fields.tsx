import { type UseFormReturn, useWatch } from "react-hook-form";
import type { SetPasswordValues } from "#common/contracts/auth";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { PasswordRequirements } from "./password-requirements.tsx";

/** "New password" with the requirements list it ticks as the user types, and "Confirm password". */
export function NewPasswordFields<T extends SetPasswordValues>({ form: anyForm }: { form: UseFormReturn<T> }) {
  // react-hook-form cannot name the fields of a generic form; every T has these two.
  const form = anyForm as unknown as UseFormReturn<SetPasswordValues>;
  const typedPassword = useWatch({ control: form.control, name: "newPassword" });
  const { errors } = form.formState;
  return (
    <>
      <div className="space-y-2">
        <FormField id="new-password" label="New password" error={errors.newPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldErrorProps("new-password", errors.newPassword?.message, "new-password-requirements")}
            {...form.register("newPassword")}
          />
        </FormField>
        <PasswordRequirements id="new-password-requirements" password={typedPassword} />
      </div>
      <FormField id="confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldErrorProps("confirm-password", errors.confirmPassword?.message)}
          {...form.register("confirmPassword")}
        />
      </FormField>
    </>
  );
}
