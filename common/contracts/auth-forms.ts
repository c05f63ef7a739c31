import * as z from "zod/mini";

/*
 * The sign-in and password forms' rules. They are written with zod/mini, whose checks are
 * separate functions, so that the sign-in screen loads only the few it uses (decision 028);
 * Better Auth checks the same fields on the server.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** One-time codes: digits, how long they live, and how long the screen waits before a resend. */
export const OTP_LENGTH = 6;
export const OTP_EXPIRES_SECONDS = 300;
export const OTP_RESEND_SECONDS = 30;

/** Spec §9: after a password change the user is signed out after 2 seconds. */
export const SIGN_OUT_AFTER_PASSWORD_CHANGE_MS = 2000;

/** Shown beside new-password fields (spec §5): listed, but only the length is enforced. */
export const PASSWORD_REQUIREMENTS = [
  `At least ${PASSWORD_MIN_LENGTH} characters`,
  "Upper and lower case letters",
  "At least one number",
  "At least one special character",
] as const;

/** The message when a password is on the list of the most common passwords. */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess";

const emailField = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { error: "Email is required" })),
  z.email({ error: "Enter a valid email address" }),
);

/** The sign-in form. */
export const signInSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, { error: "Password is required" })),
});
export type SignInValues = z.infer<typeof signInSchema>;

/** A new password with its confirmation (spec §5 messages). */
export const newPasswordFields = {
  newPassword: z
    .string()
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
    ),
  confirmPassword: z.string().check(z.minLength(1, { error: "Please confirm your password" })),
};

function passwordsMatch(values: { newPassword: string; confirmPassword: string }) {
  return values.confirmPassword === "" || values.newPassword === values.confirmPassword;
}
const mismatch = { error: "Passwords don't match", path: ["confirmPassword"] };

/** The Change Password form (dialog and /change-password). */
export const changePasswordSchema = z
  .object({ currentPassword: z.string().check(z.minLength(1, { error: "Current password is required" })), ...newPasswordFields })
  .check(z.refine(passwordsMatch, mismatch));
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** Setting a password without the old one: after a reset code, or when accepting an invitation. */
export const setPasswordSchema = z.object(newPasswordFields).check(z.refine(passwordsMatch, mismatch));
export type SetPasswordValues = z.infer<typeof setPasswordSchema>;

/** "Email me a code" and "Forgot password?". */
export const requestCodeSchema = z.object({ email: emailField });
export type RequestCodeValues = z.infer<typeof requestCodeSchema>;

export const otpCodeSchema = z
  .string()
  .check(z.trim(), z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `Enter the ${OTP_LENGTH}-digit code from the email` }));

export const verifyCodeSchema = z.object({ email: emailField, otp: otpCodeSchema });
export type VerifyCodeValues = z.infer<typeof verifyCodeSchema>;
