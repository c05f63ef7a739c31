import { emailOTPClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * Better Auth's browser client; its endpoints live at /api/auth on this origin. Only the one-time
 * code plugin is added (the package has no side effects, so the other client plugins are dropped).
 * Imported only through loadAuthClient() (web/lib/session.ts): no first screen downloads it.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [emailOTPClient()],
  // The global fetch as it is at each call, not as it was when the client was made (the same in a
  // browser): the component tests replace it per file, while a worker creates this client once.
  // Better Auth's own requests pass here, not the portal's API (which goes through callRoute).
  // eslint-disable-next-line no-restricted-syntax
  fetchOptions: { customFetchImpl: (input, init) => globalThis.fetch(input, init) },
});
