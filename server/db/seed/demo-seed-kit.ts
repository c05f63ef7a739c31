import { raiseOpenRequest, settleOpenRequest } from "#server/features/action-log/open-requests.service";
import { createConnectionTestLimiter } from "#server/features/data-connections/connection-test-limiter";
import { runRecalculation } from "#server/features/launchpad/launchpad.service";
import { changePrimaryEstimateAddOn } from "#server/features/pricing-estimates/estimate-addons.service";
import { silentNotifier } from "#server/lib/activity-notifier";
import type { Caller } from "#server/lib/app-context";
import type { Transaction } from "#server/db/database";
import type { Runtime } from "#server/runtime";

/** What the demo seed needs of a running portal. */
export type SeedRuntime = Pick<Runtime, "auth" | "database" | "config" | "storage" | "secretBox" | "mailer" | "logger">;

/**
 * The services' dependencies, wired as `createApp()` wires them for the routes. The action log
 * tells nobody: the seed's entries and help request must not notify or mail anyone.
 */
export function buildSeedDeps(runtime: SeedRuntime) {
  const { config, storage } = runtime;
  const db = runtime.database.db;
  const recalculateLaunchpad = (tx: Transaction, organizationId: string) => runRecalculation(tx, organizationId, true);
  return {
    db,
    // Services log each write at info: the start-up log keeps only the seed's own line.
    logger: runtime.logger.child({ seed: "demo" }, { level: "warn" }),
    launchpad: { db, access: config.access },
    nda: { db, storage },
    estimates: { db, recalculateLaunchpad },
    dataConnections: {
      db,
      secretBox: runtime.secretBox,
      allowPrivateNetworks: config.dataConnections.allowPrivateNetworks,
      recalculateLaunchpad,
      connectionTests: createConnectionTestLimiter(),
    },
    configuration: { db, recalculateLaunchpad },
    actionLog: { db, access: config.access, notifier: silentNotifier },
    content: { db, storage, settings: config.content },
    extensions: { db, access: config.access, raiseOpenRequest, settleOpenRequest, changePrimaryEstimateAddOn },
    team: { db, auth: runtime.auth, mailer: runtime.mailer, publicUrl: config.publicUrl, providerEmailDomain: config.access.providerEmailDomain },
    access: config.access,
  };
}
export type SeedDeps = ReturnType<typeof buildSeedDeps>;

export interface SeedUser {
  id: string;
  email: string;
  fullName: string;
  role: string;
  isEmployee: boolean;
  organizationId: string | null;
}

/** The caller a signed-in session of the user would be; the seed has no session of its own. */
export function callerOf(user: SeedUser): Caller {
  return {
    userId: user.id,
    email: user.email,
    sessionId: "demo-seed",
    isEmployee: user.isEmployee,
    role: user.role,
    organizationId: user.organizationId,
    fullName: user.fullName,
    companyRole: user.isEmployee ? null : "Executive",
  };
}

/** A date `days` from today (UTC) as YYYY-MM-DD: the demo stays relative to the day it is seeded. */
export function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What every stage of an organization is built with. */
export interface OrganizationSeed {
  deps: SeedDeps;
  organizationId: string;
  member: Caller;
  employee: Caller;
}
