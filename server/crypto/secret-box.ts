import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Encrypts small secrets (data-connection credentials) with AES-256-GCM. Each value is sealed
 * with a fresh 96-bit IV and bound to its context (the additional authenticated data, e.g. the
 * organization, source and field), so an envelope copied to another row or field does not open.
 * An envelope names its key by a short id, so secrets written before a key rotation stay readable
 * while the old key is kept among the previous keys.
 */

const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

/** A public fingerprint of a key: the first 8 hex characters of a domain-separated SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("member-portal:data-encryption-key:").update(key).digest("hex").slice(0, 8);
}

export interface SecretBox {
  /** The envelope of `plaintext` under the current key, bound to `context`. */
  seal(plaintext: string, context: string): string;
  /** The plaintext of an envelope sealed with `context`; throws SecretBoxError when it does not open. */
  open(envelope: string, context: string): string;
}

export function isSealed(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(PREFIX);
}

export function createSecretBox(currentKey: Buffer, previousKeys: readonly Buffer[] = []): SecretBox {
  for (const key of [currentKey, ...previousKeys]) {
    if (key.length !== 32) throw new SecretBoxError("An encryption key must be 32 bytes");
  }
  const currentId = keyIdOf(currentKey);
  const keys = new Map<string, Buffer>();
  for (const key of [currentKey, ...previousKeys]) if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);

  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", currentKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${currentId}:${iv.toString("base64url")}:${ciphertext.toString("base64url")}:${tag.toString("base64url")}`;
    },
    open(envelope, context) {
      if (!isSealed(envelope)) throw new SecretBoxError("Not an encrypted value");
      const parts = envelope.slice(PREFIX.length).split(":");
      if (parts.length !== 4) throw new SecretBoxError("Malformed encrypted value");
      const [keyId, ivText, ciphertextText, tagText] = parts as [string, string, string, string];
      const key = keys.get(keyId);
      if (!key) throw new SecretBoxError(`Encrypted with a key this server does not have (key id ${keyId})`);
      const iv = Buffer.from(ivText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError("Malformed encrypted value");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("The encrypted value does not open with its key and context");
      }
    },
  };
}
