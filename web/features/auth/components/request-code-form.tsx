import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type RequestCodeValues, requestCodeSchema } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { describeAuthFailure } from "./auth-failure.ts";
import { FormAlert } from "./form-alert.tsx";
import { type CodePurpose, sendCode } from "./send-code.ts";

/** The first step of the code screen: the email to send a code to. */
export function RequestCodeForm({
  defaultEmail,
  purpose,
  onSent,
}: {
  defaultEmail: string;
  purpose: CodePurpose;
  onSent: (email: string) => void;
}) {
  const { failure: formError, setFailure: setFormError, clearOnChange } = useFormFailure();
  const form = useForm<RequestCodeValues>({ resolver: zodResolver(requestCodeSchema), defaultValues: { email: defaultEmail } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    const failure = await sendCode(email, purpose);
    if (failure) {
      setFormError(describeAuthFailure(failure).message);
      return;
    }
    onSent(email);
  });

  return (
    <form onSubmit={submit} {...clearOnChange} noValidate className="space-y-4" aria-label="Send a code">
      <FormAlert message={formError} />
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldErrorProps("email", errors.email?.message)} {...form.register("email")} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Sending code…" : "Send code"}
      </Button>
    </form>
  );
}
