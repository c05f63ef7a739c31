/** Adds `redirectTo` unless it is the default "/" (as buildSignInPath does). */
function withRedirect(params: URLSearchParams, target: string): URLSearchParams {
  if (target !== "/") params.set("redirectTo", target);
  return params;
}

function toPath(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The code screen after "Email me a code": the code was sent to `email`. */
export function buildVerifyCodePath(email: string, target: string): string {
  return toPath("/verify-otp", withRedirect(new URLSearchParams({ email }), target));
}

/** "Forgot password?": the code screen in reset mode, with the email when one was typed. */
export function buildResetPasswordPath(email: string, target: string): string {
  const params = new URLSearchParams({ mode: "reset" });
  if (email) params.set("email", email);
  return toPath("/verify-otp", withRedirect(params, target));
}

/** Where the identity provider's round trip ends (the app's base path is added by the router). */
export function buildOAuthCallbackPath(target: string): string {
  return toPath("/oauth/callback", withRedirect(new URLSearchParams(), target));
}
