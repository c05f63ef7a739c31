import { createAuthClient } from "better-auth/react";

/** Better Auth's browser client; its endpoints live at /api/auth on this origin. */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
});
