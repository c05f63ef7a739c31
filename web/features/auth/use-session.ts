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

let signedOutOnPurpose = false;

/** Signs the user out; the guard then sends them to plain /auth rather than back here later. */
export async function signOutUser(): Promise<boolean> {
  signedOutOnPurpose = true;
  const result = await authClient.signOut().catch(() => ({ error: { message: "network" } }));
  if (result.error) signedOutOnPurpose = false;
  return !result.error;
}

/** True once after a deliberate sign-out (not an expired session). */
export function consumeDeliberateSignOut(): boolean {
  const value = signedOutOnPurpose;
  signedOutOnPurpose = false;
  return value;
}
