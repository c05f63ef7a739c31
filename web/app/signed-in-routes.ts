// The session guard, the shell and the access guard load as one chunk with the first signed-in
// page: three chunks would cost three requests and compress worse, and each needs the others.
export { RequireAccess } from "./guards/require-access.tsx";
export { RequireSession } from "./require-session.tsx";
export { AppShell } from "./shell/app-shell.tsx";
