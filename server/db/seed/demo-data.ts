import type { Logger } from "pino";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { countUsers, createUser } from "#server/features/users/users.service";
import { selectEmailHasAccount } from "#server/queries/users.queries";
import type { Runtime } from "#server/runtime";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION_NAME } from "./demo-accounts.ts";

/**
 * On a database with no users yet: a demo customer organization, its member (an admin of it, so
 * the demo can manage the team) and an employee.
 */
export async function seedDemoData(runtime: Pick<Runtime, "auth" | "database">): Promise<boolean> {
  const { db } = runtime.database;
  if ((await countUsers(db)) > 0) return false;
  const organization = await createOrganization(db, DEMO_ORGANIZATION_NAME);
  for (const account of DEMO_ACCOUNTS) {
    await createUser(runtime.auth, db, {
      email: account.email,
      password: account.password,
      organizationId: account.isEmployee ? null : organization.id,
      isEmployee: account.isEmployee,
      fullName: account.fullName,
      companyRole: account.isEmployee ? null : "Executive",
      role: account.role,
    });
  }
  return true;
}

/** Prints the demo sign-in details when the demo accounts exist. */
export async function announceDemoAccounts(runtime: Pick<Runtime, "database" | "mailer">, publicUrl: string, logger: Logger) {
  if (!(await selectEmailHasAccount(runtime.database.db, DEMO_ACCOUNTS[0].email))) return;
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(9)} ${a.email}  password: ${a.password}`);
  logger.info({ accounts: DEMO_ACCOUNTS.map(({ email }) => email) }, "demo accounts ready");
  const mail =
    runtime.mailer.driver === "outbox"
      ? "Mail goes to the outbox: one-time codes and invitation links appear in this log (\"mail: stored in the outbox\").\n"
      : "";
  process.stdout.write(`\nMember Portal demo — sign in at ${publicUrl}/auth\n${lines.join("\n")}\n${mail}\n`);
}
