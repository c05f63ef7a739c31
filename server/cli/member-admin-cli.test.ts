import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig, parseEnv } from "#server/env";
import { openDatabase } from "#server/db/open-database";
import { ensureDefaultCatalog } from "#server/features/pricing-catalog/catalog-seed";
import { createLogger } from "#server/lib/logger";
import { type Runtime, createRuntime } from "#server/runtime";
import { cliTargets, runCli, uniqueCliSuffix as uniqueSuffix } from "#tests/cli-runner";
import { type TestUser, call, sessionCookie, signIn } from "#tests/factories";
import { createPlainEstimate, estimateAction } from "#tests/pricing-test-kit";
import { TEST_ENCRYPTION_KEY, TEST_ORIGIN } from "#tests/test-runtime";

const PASSWORD = "correct-horse-battery";

/** The portal on the database a CLI target wrote, as the operator starts it after the command. */
async function startPortalOn(env: Record<string, string>): Promise<{ runtime: Runtime; stop: () => Promise<void> }> {
  const logger = createLogger("silent");
  const storageDir = await mkdtemp(path.join(tmpdir(), "portal-cli-storage-"));
  const config = buildConfig(
    parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PUBLIC_URL: TEST_ORIGIN,
      TRUST_PROXY: "true",
      // What a PostgreSQL deployment must set; the embedded database would generate one.
      DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      STORAGE_DIR: storageDir,
      ...env,
    }),
  );
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, dataDir: config.env.DATA_DIR, poolMax: 2 }, logger);
  await ensureDefaultCatalog(database.db);
  const runtime = await createRuntime(config, database, logger);
  return {
    runtime,
    stop: async () => {
      await runtime.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

describe.each(cliTargets())("an organization's admin made by the operator, on the $name", { timeout: 120_000 }, (target) => {
  beforeAll(() => target.setUp());
  afterAll(() => target.tearDown());

  const run = (args: string[], input?: string) => runCli(args, target.env, input);

  it("user:create --role member_admin --password-stdin makes an admin who signs in and locks an estimate; user:set-role changes the role", async () => {
    const organization = await run(["org:create", "--name", `Admins ${uniqueSuffix()}`]);
    expect(organization).toMatchObject({ code: 0, stderr: "" });
    const organizationId = organization.stdout.trim();
    const email = `admin-${uniqueSuffix()}@cli.example`;
    const memberEmail = `member-${uniqueSuffix()}@cli.example`;

    // Piped with its line ending, as `echo` would: the first line is the password.
    const admin = await run(["user:create", "--email", email, "--password-stdin", "--role", "member_admin", "--org", organizationId], `${PASSWORD}\n`);
    expect(admin).toMatchObject({ code: 0, stderr: "" });
    const member = await run(["user:create", "--email", memberEmail, "--password-stdin", "--org", organizationId], PASSWORD);
    expect(member).toMatchObject({ code: 0, stderr: "" });

    const { runtime, stop } = await startPortalOn(target.env);
    try {
      const signedIn = await signIn(runtime, email, PASSWORD, "203.0.113.7");
      expect(signedIn.status).toBe(200);
      const as: TestUser = { id: admin.stdout.trim(), email, password: PASSWORD, organizationId, ip: "203.0.113.7", cookie: sessionCookie(signedIn) };
      const estimate = await createPlainEstimate(runtime, as, "Launch estimate");
      const locked = await estimateAction(runtime, as, estimate.id, "lock");
      expect(locked.status, await locked.clone().text()).toBe(200);
      expect((await call(runtime, "/api/me", { as }).then((response) => response.json())) as { role: string }).toMatchObject({ role: "member_admin" });
    } finally {
      await stop();
    }

    const promoted = await run(["user:set-role", "--email", memberEmail.toUpperCase(), "--role", "member_admin"]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toBe(`${memberEmail}: member_user -> member_admin\n`);

    const unknownRole = await run(["user:set-role", "--email", memberEmail, "--role", "owner"]);
    expect(unknownRole.code).toBe(1);
    expect(unknownRole.stderr).toContain("error: Role must be one of: member_user, member_admin");
    const nobody = await run(["user:set-role", "--email", `nobody-${uniqueSuffix()}@cli.example`, "--role", "member_admin"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("error: No user signs in with the email");
  });
});
