import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { SignInValues } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { whenIdle } from "#web/lib/load-when-idle.ts";
import { lazyZodResolver } from "#web/lib/lazy-zod-resolver.ts";
import { loadAuthClient, startSession } from "#web/lib/session.ts";
import { describeAuthFailure } from "./auth-failure.ts";
import { buildResetPasswordPath, buildVerifyCodePath } from "./auth-paths.ts";
import { FormAlert } from "./form-alert.tsx";
import { sendCode } from "./send-code.ts";

// The form's rules load when it first validates (preloaded when idle): the sign-in screen shows
// without the schema library.
const loadAuthForms = () => import("#common/contracts/auth-forms");
const signInRules = lazyZodResolver<SignInValues>(async () => (await loadAuthForms()).signInSchema);

function describeSignInFailure(status: number, message: string | undefined, code: string | undefined): string {
  if (status === 429) return "Too many sign-in attempts. Please wait a minute and try again.";
  // The portal refused the address the page was opened at, not the password: its message says
  // which address to use instead.
  if (status === 403 && code === "forbidden" && message) return message;
  if (status === 401 || status === 403) return "Invalid email or password";
  if (status === 0) return "Cannot reach the server. Check your connection and try again.";
  return message || "Sign-in failed. Please try again.";
}

/**
 * Email and password, plus "Email me a code" and "Forgot password?" (both use the email typed
 * here and keep `redirectTarget` for after sign-in).
 */
export function SignInForm({ redirectTarget = "/", onSignedIn }: { redirectTarget?: string; onSignedIn: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A refusal (a wrong password, too many attempts) goes as the user edits the email or password:
  // it was about the last attempt, and a new one says again if it still applies.
  const { failure: formError, setFailure: setFormError, clearOnChange } = useFormFailure();
  const [sendingCode, setSendingCode] = useState(false);
  const form = useForm<SignInValues>({ resolver: signInRules.resolver, defaultValues: { email: "", password: "" } });
  useEffect(() => whenIdle(signInRules.preload), []);
  const { errors, isSubmitting } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: "email" }).trim();

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    let failure: { status: number; message?: string | undefined; code?: string | undefined } | null;
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.signIn.email(values);
      // The portal answers errors as { error: { code, message } }; the client nests that body under `error`.
      const body = error as { status: number; error?: { code?: string; message?: string } } | null;
      failure = body ? { status: body.status, message: body.error?.message, code: body.error?.code } : null;
    } catch {
      failure = { status: 0 };
    }
    if (failure) {
      setFormError(describeSignInFailure(failure.status, failure.message, failure.code));
      return;
    }
    await startSession(queryClient);
    onSignedIn();
  });

  const emailMeACode = async () => {
    setFormError(null);
    const { requestCodeSchema } = await loadAuthForms();
    const parsed = requestCodeSchema.safeParse({ email: form.getValues("email") });
    if (!parsed.success) {
      form.setError("email", { message: parsed.error.issues[0]?.message ?? "Enter a valid email address" }, { shouldFocus: true });
      return;
    }
    form.clearErrors("email");
    setSendingCode(true);
    const failure = await sendCode(parsed.data.email, "sign-in");
    setSendingCode(false);
    if (failure) {
      setFormError(describeAuthFailure(failure).message);
      return;
    }
    navigate(buildVerifyCodePath(parsed.data.email, redirectTarget));
  };

  const busy = isSubmitting || sendingCode;
  return (
    <form onSubmit={submit} {...clearOnChange} noValidate className="space-y-4" aria-label="Sign in">
      <FormAlert message={formError} />
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
      <div className="flex justify-end">
        <Link
          to={buildResetPasswordPath(typedEmail, redirectTarget)}
          className="text-sm font-medium text-[var(--color-primary)] underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void emailMeACode()}>
        {sendingCode ? "Sending code…" : "Email me a code"}
      </Button>
    </form>
  );
}
