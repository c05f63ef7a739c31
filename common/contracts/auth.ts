import { z } from "zod";
import { defineRoute } from "./http.ts";

// The forms' rules and limits; re-exported so that every auth name has one address.
export * from "./auth-forms.ts";

/** What the sign-in screen offers besides email and password. */
export const signInOptionsSchema = z.object({
  /** Single sign-on through OpenID Connect, when configured. */
  sso: z.object({ providerId: z.string(), label: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const getSignInOptionsRoute = defineRoute({
  id: "getSignInOptions",
  method: "get",
  path: "/api/sign-in-options",
  summary: "The ways to sign in this portal offers (single sign-on when configured)",
  tag: "Account",
  access: "public",
  response: signInOptionsSchema,
});
