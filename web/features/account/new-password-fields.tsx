import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { PasswordRequirements } from "./password-requirements.tsx";

/** Describes an input by its error (when shown) and any extra hint, for assistive technology. */
function describedBy(id: string, error: string | undefined, ...hints: string[]) {
  const ids = [error ? `${id}-error` : "", ...hints].filter(Boolean);
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": ids.length ? ids.join(" ") : undefined };
}

/** "New password" with the requirements list, and "Confirm password". */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
  typedPassword,
}: {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string | undefined; confirmPassword?: string | undefined };
  /** The new password as typed, to tick the requirements it meets. */
  typedPassword: string;
}) {
  return (
    <>
      <div className="space-y-2">
        <FormField id="new-password" label="New password" error={errors.newPassword}>
          <Input
            type="password"
            autoComplete="new-password"
            {...describedBy("new-password", errors.newPassword, "new-password-requirements")}
            {...newPassword}
          />
        </FormField>
        <PasswordRequirements id="new-password-requirements" password={typedPassword} />
      </div>
      <FormField id="confirm-password" label="Confirm password" error={errors.confirmPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          {...describedBy("confirm-password", errors.confirmPassword)}
          {...confirmPassword}
        />
      </FormField>
    </>
  );
}
