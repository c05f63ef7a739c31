import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "#server/db/data-dir-lock";
import { cliTargets, embeddedCliTarget, runCli, runCliProcess, uniqueCliSuffix as uniqueSuffix } from "#tests/cli-runner";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PASSWORD = "correct-horse-battery";

const targets = cliTargets();

describe.each(targets)("portal CLI on the $name", { timeout: 60_000 }, (target) => {
  beforeAll(() => target.setUp());
  afterAll(() => target.tearDown());

  const run = (...args: string[]) => runCli(args, target.env);

  async function createOrganization(name: string): Promise<string> {
    const result = await run("org:create", "--name", name);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    return result.stdout.trim();
  }

  it("org:create prints only the new organization's id", async () => {
    const result = await run("org:create", "--name", `Acme ${uniqueSuffix()}`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(result.stdout.trim()).toMatch(UUID);
  });

  it("org:create refuses a name already taken, in any case", async () => {
    const name = `Taken ${uniqueSuffix()}`;
    await createOrganization(name);
    const result = await run("org:create", "--name", name.toUpperCase());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("error: An organization with this name already exists");
  });

  it("user:create finds the organization by name (any case) and by id", async () => {
    const name = `Members ${uniqueSuffix()}`;
    const organizationId = await createOrganization(name);

    const byName = await run("user:create", "--email", `by-name-${uniqueSuffix()}@cli.example`, "--password", PASSWORD, "--org", name.toLowerCase(), "--full-name", "Nora Name", "--company-role", "HR");
    expect(byName.stderr).toBe("");
    expect(byName.code).toBe(0);
    expect(byName.stdout.trim()).toMatch(UUID);

    const byId = await run("user:create", "--email", `by-id-${uniqueSuffix()}@cli.example`, "--password", PASSWORD, "--org", organizationId);
    expect(byId.stderr).toBe("");
    expect(byId.code).toBe(0);
    expect(byId.stdout.trim()).toMatch(UUID);
    expect(byId.stdout.trim()).not.toBe(byName.stdout.trim());
  });

  it("user:create lets an employee have no organization and warns about a member without one", async () => {
    const employee = await run("user:create", "--email", `staff-${uniqueSuffix()}@cli.example`, "--password", PASSWORD, "--employee");
    expect(employee).toMatchObject({ code: 0, stderr: "" });
    expect(employee.stdout.trim()).toMatch(UUID);

    const member = await run("user:create", "--email", `lonely-${uniqueSuffix()}@cli.example`, "--password", PASSWORD);
    expect(member.code).toBe(0);
    expect(member.stdout.trim()).toMatch(UUID);
    expect(member.stderr).toContain("warning:");
    expect(member.stderr).toContain("will not see any organization");
  });

  it("user:create refuses an email already in use", async () => {
    const email = `twice-${uniqueSuffix()}@cli.example`;
    const first = await run("user:create", "--email", email, "--password", PASSWORD, "--employee");
    expect(first.code).toBe(0);
    const second = await run("user:create", "--email", email.toUpperCase(), "--password", PASSWORD, "--employee");
    expect(second.code).toBe(1);
    expect(second.stdout).toBe("");
    expect(second.stderr).toContain(`error: A user with the email ${email} already exists`);
    expect(second.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("user:create refuses a short password", async () => {
    const result = await run("user:create", "--email", `short-${uniqueSuffix()}@cli.example`, "--password", "too-short", "--employee");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^error: .*at least 12 characters/);
  });

  it("user:create refuses an organization that does not exist", async () => {
    const missing = `Nobody ${uniqueSuffix()}`;
    const result = await run("user:create", "--email", `orphan-${uniqueSuffix()}@cli.example`, "--password", PASSWORD, "--org", missing);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`error: No organization matches "${missing}"`);
  });

  it("user:create keeps addresses on the provider's domain for employees (decision 030)", { timeout: 120_000 }, async () => {
    const withDomain = (...args: string[]) => runCli(args, { ...target.env, PROVIDER_EMAIL_DOMAIN: "staff.example" });
    const organizationId = await createOrganization(`Customers ${uniqueSuffix()}`);
    const member = await withDomain("user:create", "--email", `sam-${uniqueSuffix()}@Staff.Example`, "--password", PASSWORD, "--org", organizationId);
    expect(member.code).toBe(1);
    expect(member.stdout).toBe("");
    expect(member.stderr).toContain(
      "error: Addresses on the provider's email domain are for the provider's staff; they cannot be members of a customer organization (create the account with --employee)",
    );
    const employee = await withDomain("user:create", "--email", `eli-${uniqueSuffix()}@staff.example`, "--password", PASSWORD, "--employee", "--org", organizationId);
    expect(employee).toMatchObject({ code: 0, stderr: "" });
  });
});

describe("portal CLI usage", { timeout: 60_000 }, () => {
  // None of these opens a database, so the environment is irrelevant; an unused folder proves it.
  const env = { DATA_DIR: path.join(tmpdir(), `portal-cli-unused-${uniqueSuffix()}`) };

  it.each([
    ["org:create", ["--name"]],
    ["user:create", ["--email", "--password-stdin", "--password", "--role", "--org", "--employee", "--full-name", "--company-role"]],
    ["user:set-role", ["--email", "--role", "member_user or member_admin"]],
  ])("%s --help exits 0 and lists its options", async (command, options) => {
    const result = await runCli([command, "--help"], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    for (const option of options) expect(result.stdout).toContain(option);
  });

  it("--help lists the commands", async () => {
    const result = await runCli(["--help"], env);
    expect(result.code).toBe(0);
    for (const command of ["org:create", "user:create", "user:set-role", "catalog:export", "catalog:import"]) expect(result.stdout).toContain(command);
  });

  it.each([
    ["catalog:import", "Usage: npm run portal -- catalog:import <file> [options]"],
    ["catalog:export", "Usage: npm run portal -- catalog:export [file] [options]"],
  ])("%s --help shows its file argument", async (command, usage) => {
    const result = await runCli([command, "--help"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(usage);
    expect(result.stdout).toContain("Arguments:");
  });

  it.each([
    [["frobnicate"], 'unknown command "frobnicate"'],
    [["org:create"], "missing required option --name"],
    [["org:create", "--name"], "option --name needs a value"],
    [["org:create", "--title", "x"], "unknown option --title"],
    [["user:create", "--email", "a@cli.example"], "missing the password: pipe it with --password-stdin, or give --password"],
    [["user:create", "--email", "a@cli.example", "--password", "x", "--password-stdin"], "give the password with --password-stdin or --password, not both"],
    [["user:set-role", "--email", "a@cli.example"], "missing required option --role"],
    [["org:create", "--name", "x", "stray"], 'unexpected argument "stray"'],
    [["catalog:import"], "missing the file argument"],
    [["catalog:import", ""], "the file argument needs a non-empty value"],
    [["catalog:export", "a.csv", "b.csv"], 'unexpected argument "b.csv"'],
    [["catalog:export", "--out", "a.csv"], "unknown option --out"],
  ])("%j is a usage error (exit 2)", async (args, message) => {
    const result = await runCli(args, env);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`error: ${message}`);
  });
});

// The commands above run in this process (tests/cli-runner.ts); these run `portal-cli.ts` as the
// operator does, as a process of its own (a second or two each, so only what a process adds):
// its exit code and streams, a piped standard input, and the lock held by another process.
describe("the portal CLI as a process", { timeout: 60_000 }, () => {
  it("exits 2 with the message on stderr for an unknown command", async () => {
    const unknown = await runCliProcess(["frobnicate"], { DATA_DIR: path.join(tmpdir(), `portal-cli-unused-${uniqueSuffix()}`) });
    expect(unknown).toMatchObject({ code: 2, stdout: "" });
    expect(unknown.stderr).toContain('error: unknown command "frobnicate"');
  });

  it("on an empty DATA_DIR, creates an organization, then an admin with a password piped to its standard input, and prints the id", async () => {
    // An empty folder: the first command migrates it, as on an operator's first run.
    const target = embeddedCliTarget({ fresh: true });
    await target.setUp();
    try {
      const organization = await runCli(["org:create", "--name", `Process ${uniqueSuffix()}`], target.env);
      expect(organization).toMatchObject({ code: 0, stderr: "" });
      const admin = await runCliProcess(
        ["user:create", "--email", `piped-${uniqueSuffix()}@cli.example`, "--password-stdin", "--role", "member_admin", "--org", organization.stdout.trim()],
        target.env,
        `${PASSWORD}\n`,
      );
      expect(admin).toMatchObject({ code: 0, stderr: "" });
      expect(admin.stdout.trim()).toMatch(UUID);
    } finally {
      await target.tearDown();
    }
  });

  it("fails with the lock's message while another process holds DATA_DIR", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "portal-cli-locked-"));
    const unlock = await lockDataDir(dataDir);
    try {
      const result = await runCliProcess(["org:create", "--name", `Blocked ${uniqueSuffix()}`], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(`error: The embedded database in ${path.resolve(dataDir)} is in use by another portal process`);
    } finally {
      await unlock();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
