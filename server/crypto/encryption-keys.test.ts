import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/database";
import { MISSING_ENCRYPTION_KEY_MESSAGE, assertEncryptionKeyConfigured, buildConfig, parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import { openTestDatabase } from "#tests/test-runtime";
import { resolveSecretBox } from "./encryption-keys.ts";

/** Start-up rules of DATA_ENCRYPTION_KEY: required outside the embedded demo, which generates and keeps one. */

const HEX_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const configOf = (env: Record<string, string>) => buildConfig(parseEnv({ NODE_ENV: "test", ...env }));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("assertEncryptionKeyConfigured", () => {
  it("stops a PostgreSQL portal without a key, naming the variable", () => {
    const config = configOf({ DATABASE_URL: "postgres://portal@db.example.com/portal" });
    expect(() => assertEncryptionKeyConfigured(config)).toThrow(`Invalid configuration:\n  ${MISSING_ENCRYPTION_KEY_MESSAGE}`);
    expect(MISSING_ENCRYPTION_KEY_MESSAGE).toMatch(/^DATA_ENCRYPTION_KEY is required/);
  });

  it("stops the embedded database without a key when the demo is turned off", () => {
    expect(() => assertEncryptionKeyConfigured(configOf({ PORTAL_DEMO: "0" }))).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it("lets the embedded demo start without a key, and anything with one", () => {
    expect(() => assertEncryptionKeyConfigured(configOf({}))).not.toThrow();
    expect(() => assertEncryptionKeyConfigured(configOf({ DATABASE_URL: "postgres://portal@db/portal", DATA_ENCRYPTION_KEY: HEX_KEY }))).not.toThrow();
    // PORTAL_DEMO=1 on PostgreSQL is still not the embedded database: no generated key there.
    expect(() => assertEncryptionKeyConfigured(configOf({ DATABASE_URL: "postgres://portal@db/portal", PORTAL_DEMO: "1" }))).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it("refuses a key that is not 32 bytes, in hex or base64", () => {
    expect(() => configOf({ DATA_ENCRYPTION_KEY: "too-short" })).toThrow(/DATA_ENCRYPTION_KEY must be 32 random bytes/);
    expect(() => configOf({ DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") })).not.toThrow();
    expect(() => configOf({ DATA_ENCRYPTION_KEY: HEX_KEY, DATA_ENCRYPTION_PREVIOUS_KEYS: `${HEX_KEY}, nope` })).toThrow(/DATA_ENCRYPTION_PREVIOUS_KEYS/);
  });
});

describe("resolveSecretBox", () => {
  it("uses the configured key, and opens envelopes of the previous keys", async () => {
    const { logger } = captureLogger();
    const previous = configOf({ DATA_ENCRYPTION_KEY: HEX_KEY }).dataConnections;
    const sealed = (await resolveSecretBox(database.db, previous, logger)).seal("value", "context");
    const rotated = configOf({ DATA_ENCRYPTION_KEY: "ff".repeat(32), DATA_ENCRYPTION_PREVIOUS_KEYS: HEX_KEY }).dataConnections;
    expect((await resolveSecretBox(database.db, rotated, logger)).open(sealed, "context")).toBe("value");
  });

  it("generates a key for the embedded demo once and keeps it, with a warning to set one", async () => {
    const settings = configOf({}).dataConnections;
    expect(settings).toMatchObject({ encryptionKey: null, generateKeyWhenMissing: true });
    const { logger, lines } = captureLogger();
    const first = await resolveSecretBox(database.db, settings, logger);
    const envelope = first.seal("demo secret", "context");
    const second = await resolveSecretBox(database.db, settings, logger);
    expect(second.open(envelope, "context")).toBe("demo secret");
    expect(lines.filter((line) => line.level === 40 && line.msg.includes("set DATA_ENCRYPTION_KEY"))).toHaveLength(2);
  });

  it("refuses to start without a key where none may be generated", async () => {
    const settings = configOf({ PORTAL_DEMO: "0" }).dataConnections;
    await expect(resolveSecretBox(database.db, settings, captureLogger().logger)).rejects.toThrow(MISSING_ENCRYPTION_KEY_MESSAGE);
  });
});
