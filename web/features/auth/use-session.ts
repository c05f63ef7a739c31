import { endSession } from "#web/lib/session.ts";

let signedOutOnPurpose = false;

/** Signs the user out; the guard then sends them to plain /auth rather than back here later. */
export async function signOutUser(): Promise<boolean> {
  signedOutOnPurpose = true;
  const signedOut = await endSession();
  if (!signedOut) signedOutOnPurpose = false;
  return signedOut;
}

/** True once after a deliberate sign-out (not an expired session). */
export function consumeDeliberateSignOut(): boolean {
  const value = signedOutOnPurpose;
  signedOutOnPurpose = false;
  return value;
}
