import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The sign-in form; Better Auth checks the same fields on the server. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, { error: "Email is required" }).pipe(z.email({ error: "Enter a valid email address" })),
  password: z.string().min(1, { error: "Password is required" }),
});
export type SignInValues = z.infer<typeof signInSchema>;
