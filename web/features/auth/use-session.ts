import { authClient } from "#web/lib/auth-client.ts";

export type SessionState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; user: { id: string; email: string; name: string } };

/** Spec §4: loading until the first check finishes, then signed in or out, following changes. */
export function useSessionState(): SessionState {
  const { data, isPending } = authClient.useSession();
  if (isPending && !data) return { status: "loading" };
  if (!data) return { status: "signed-out" };
  return { status: "signed-in", user: { id: data.user.id, email: data.user.email, name: data.user.name } };
}
