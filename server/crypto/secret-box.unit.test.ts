import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecretBoxError, createSecretBox, isSealed, keyIdOf } from "./secret-box.ts";

/** AES-256-GCM envelopes bound to a context, readable across a key rotation. */

const key = () => randomBytes(32);
const CONTEXT = "data-connection:org-1:xero:client_secret";

describe("createSecretBox", () => {
  it("seals to an envelope that names its key and opens to the plaintext", () => {
    const current = key();
    const box = createSecretBox(current);
    const envelope = box.seal("pässwörd 🔑", CONTEXT);
    expect(envelope).toMatch(new RegExp(`^enc:v1:${keyIdOf(current)}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$`));
    expect(envelope).not.toContain("pässwörd");
    expect(isSealed(envelope)).toBe(true);
    expect(box.open(envelope, CONTEXT)).toBe("pässwörd 🔑");
  });

  it("uses a fresh IV each time, so equal secrets do not look equal", () => {
    const box = createSecretBox(key());
    expect(box.seal("same", CONTEXT)).not.toBe(box.seal("same", CONTEXT));
  });

  it("does not open under another context, key, or with any byte changed", () => {
    const box = createSecretBox(key());
    const envelope = box.seal("secret", CONTEXT);
    expect(() => box.open(envelope, "data-connection:org-2:xero:client_secret")).toThrow(SecretBoxError);
    expect(() => createSecretBox(key()).open(envelope, CONTEXT)).toThrow(/key this server does not have/);
    const parts = envelope.split(":");
    const ciphertext = parts[4] as string;
    const flipped = `${ciphertext[0] === "A" ? "B" : "A"}${ciphertext.slice(1)}`;
    expect(() => box.open([...parts.slice(0, 4), flipped, parts[5]].join(":"), CONTEXT)).toThrow("The encrypted value does not open with its key and context");
  });

  it("refuses what is not an envelope, and keys that are not 32 bytes", () => {
    const box = createSecretBox(key());
    expect(() => box.open("plain text", CONTEXT)).toThrow("Not an encrypted value");
    expect(() => box.open("enc:v1:abc", CONTEXT)).toThrow("Malformed encrypted value");
    expect(() => box.open("enc:v1:abcdefgh:AA:AA:AA", CONTEXT)).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(16))).toThrow("An encryption key must be 32 bytes");
    expect(isSealed(42)).toBe(false);
  });

  it("keeps envelopes of a previous key readable after a rotation; new ones use the new key", () => {
    const old = key();
    const envelope = createSecretBox(old).seal("before rotation", CONTEXT);
    const next = key();
    const rotated = createSecretBox(next, [old]);
    expect(rotated.open(envelope, CONTEXT)).toBe("before rotation");
    expect(rotated.seal("after", CONTEXT).startsWith(`enc:v1:${keyIdOf(next)}:`)).toBe(true);
    expect(() => createSecretBox(next).open(envelope, CONTEXT)).toThrow(SecretBoxError);
  });
});
