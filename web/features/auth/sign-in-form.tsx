import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type SignInValues, signInSchema } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { authClient } from "#web/lib/auth-client.ts";

function describeSignInFailure(status: number, message: string | undefined): string {
  if (status === 429) return "Too many sign-in attempts. Please wait a minute and try again.";
  if (status === 401 || status === 403) return "Invalid email or password";
  if (status === 0) return "Cannot reach the server. Check your connection and try again.";
  return message || "Sign-in failed. Please try again.";
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    let failure: { status: number; message?: string | undefined } | null;
    try {
      const { error } = await authClient.signIn.email(values);
      // The portal answers errors as { error: { code, message } }; the client nests that body under `error`.
      const body = error as { status: number; error?: { message?: string } } | null;
      failure = body ? { status: body.status, message: body.error?.message } : null;
    } catch {
      failure = { status: 0 };
    }
    if (failure) {
      setFormError(describeSignInFailure(failure.status, failure.message));
      return;
    }
    onSignedIn();
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in">
      {formError ? (
        <div role="alert" className="rounded-md border border-[var(--color-destructive)] px-3 py-2 text-sm text-[var(--color-destructive)]">
          {formError}
        </div>
      ) : null}
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldErrorProps("email", errors.email?.message)} {...form.register("email")} />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldErrorProps("password", errors.password?.message)}
          {...form.register("password")}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
