import { createHmac, timingSafeEqual } from "node:crypto";

/** The query parameters of a link to the portal's file route (GET /api/files/<key>). */
export interface FileLinkParams {
  expires: string;
  signature: string;
  name?: string | undefined;
}

export type FileLinkCheck =
  | { status: "valid"; remainingSeconds: number; downloadName: string | undefined }
  | { status: "expired" }
  | { status: "invalid" };

/** Links the portal signs itself: HMAC-SHA256 over key, expiry and download name. */
export interface FileLinkSigner {
  sign(key: string, expiresAtSeconds: number, downloadName: string | undefined): string;
  check(key: string, params: FileLinkParams, nowMs: number): FileLinkCheck;
}

// A key of its own, derived from the instance secret, so that no other signature made with that
// secret (a session cookie) can ever pass as a file link.
const KEY_LABEL = "member-portal file links v1";
const EXPIRES_PATTERN = /^\d{1,12}$/;

export function createFileLinkSigner(secret: string): FileLinkSigner {
  const key = createHmac("sha256", secret).update(KEY_LABEL).digest();
  // The key has no newline and the expiry is digits, so the name (last) cannot shift the fields.
  const mac = (storageKey: string, expires: string, name: string | undefined) =>
    createHmac("sha256", key).update(`${storageKey}\n${expires}\n${name === undefined ? "-" : `+${name}`}`).digest("base64url");

  return {
    sign: (storageKey, expiresAtSeconds, downloadName) =>
      mac(storageKey, String(expiresAtSeconds), downloadName || undefined),
    check(storageKey, params, nowMs) {
      if (!EXPIRES_PATTERN.test(params.expires)) return { status: "invalid" };
      const downloadName = params.name || undefined;
      // Compared as text: decoding base64 would forgive stray characters.
      const expected = Buffer.from(mac(storageKey, params.expires, downloadName));
      const given = Buffer.from(params.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: "invalid" };
      const remainingSeconds = Number(params.expires) - Math.floor(nowMs / 1000);
      if (remainingSeconds <= 0) return { status: "expired" };
      return { status: "valid", remainingSeconds, downloadName };
    },
  };
}
