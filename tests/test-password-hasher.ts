import { randomBytes, scrypt } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHasher } from "#server/auth/auth";

/**
 * The test runtimes' password hasher: scrypt, as in production, at a cost of N = 2^10 instead of
 * Better Auth's 2^14. Every test user is hashed once and signed in once, and at full cost those
 * two scrypt runs were the largest single cost of the integration suite. Hashes made here carry
 * a prefix; any other hash (a user made by the CLI in its own process) is checked by Better
 * Auth's own verifier, so both kinds sign in.
 */
const PREFIX = "test-scrypt$";
const COST = { N: 1024, r: 16, p: 1 };
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${(await deriveKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split(":");
    if (!salt || !key) return false;
    return (await deriveKey(password, salt)).toString("hex") === key;
  },
};
