import type { Logger } from "pino";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { inviteMember } from "#server/features/team/team-invitations.service";
import { countUsers, createUser } from "#server/features/users/users.service";
import { selectEmailHasAccount } from "#server/queries/users.queries";
import type { Runtime } from "#server/runtime";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION_NAME, JUST_INVITED_EMAIL, JUST_INVITED_ORGANIZATION_NAME, NEAR_GO_LIVE_ORGANIZATION_NAME } from "./demo-accounts.ts";
import { seedMidwayOrganization } from "./demo-midway.ts";
import { seedNearGoLiveOrganization } from "./demo-near-go-live.ts";
import { type SeedRuntime, type SeedUser, buildSeedDeps, callerOf } from "./demo-seed-kit.ts";

type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

async function createDemoUser(runtime: SeedRuntime, account: DemoAccount, organizationId: string | null): Promise<SeedUser> {
  const created = await createUser(runtime.auth, runtime.database.db, {
    email: account.email,
    password: account.password,
    organizationId,
    isEmployee: account.isEmployee,
    fullName: account.fullName,
    companyRole: account.isEmployee ? null : "Executive",
    role: account.role,
  });
  return { id: created.id, email: account.email, fullName: account.fullName, role: account.role, isEmployee: account.isEmployee, organizationId };
}

/**
 * On a database with no users yet: three customer organizations at different stages, built
 * through the features' services as the API would build them, so the portfolio and the dashboards
 * show real states from the first start. Northwind Trading was just invited; Demo Company (the
 * demo member's, a member admin) is midway; Contoso Outfitters goes live in a week.
 */
export async function seedDemoData(runtime: SeedRuntime): Promise<boolean> {
  const { db } = runtime.database;
  if ((await countUsers(db)) > 0) return false;
  const deps = buildSeedDeps(runtime);
  const organizations = new Map<string, string>();
  for (const name of [JUST_INVITED_ORGANIZATION_NAME, DEMO_ORGANIZATION_NAME, NEAR_GO_LIVE_ORGANIZATION_NAME]) {
    organizations.set(name, (await createOrganization(db, name)).id);
  }
  const users = new Map<string, SeedUser>();
  for (const account of DEMO_ACCOUNTS) {
    users.set(account.email, await createDemoUser(runtime, account, account.organizationName ? organizations.get(account.organizationName)! : null));
  }
  const employee = callerOf(users.get(DEMO_ACCOUNTS[1].email)!);
  const justInvitedId = organizations.get(JUST_INVITED_ORGANIZATION_NAME)!;
  await inviteMember(deps.team, justInvitedId, employee, { email: JUST_INVITED_EMAIL, role: "member_admin" }, deps.logger);
  const seedOf = (organizationName: string, memberEmail: string) => ({
    deps,
    organizationId: organizations.get(organizationName)!,
    member: callerOf(users.get(memberEmail)!),
    employee,
  });
  await seedMidwayOrganization(seedOf(DEMO_ORGANIZATION_NAME, DEMO_ACCOUNTS[0].email));
  await seedNearGoLiveOrganization(seedOf(NEAR_GO_LIVE_ORGANIZATION_NAME, DEMO_ACCOUNTS[2].email));
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
