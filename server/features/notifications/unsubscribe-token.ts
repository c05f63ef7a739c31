import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { NOTIFICATION_KINDS, type NotificationKind } from "#common/domain/notifications";

/**
 * The credential of an email's unsubscribe link: who and which kinds, signed with the instance's
 * key (HMAC-SHA256), so the link works without signing in and cannot be made for anyone else.
 * It does not expire: an old email's link must still work.
 */
export interface UnsubscribePayload {
  userId: string;
  kinds: NotificationKind[];
}

const payloadSchema = z.object({
  userId: z.string().min(1).max(100),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)).min(1).max(NOTIFICATION_KINDS.length),
});

function signPart(key: Buffer, encodedPayload: string): Buffer {
  return createHmac("sha256", key).update(encodedPayload).digest();
}

/** base64url(JSON payload) "." base64url(HMAC of the first part). */
export function signUnsubscribeToken(key: Buffer, payload: UnsubscribePayload): string {
  const encoded = Buffer.from(JSON.stringify({ userId: payload.userId, kinds: payload.kinds })).toString("base64url");
  return `${encoded}.${signPart(key, encoded).toString("base64url")}`;
}

/** The payload of a token this instance's key signed; null for anything else. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribePayload | null {
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined) return null;
  const expected = signPart(key, encoded);
  const given = Buffer.from(signature, "base64url");
  // Compared in constant time, so the signature cannot be guessed byte by byte.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
