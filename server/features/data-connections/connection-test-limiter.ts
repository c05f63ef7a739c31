import { AppError } from "#server/lib/app-error";

/**
 * How many database connection tests may run at once. Each holds an outbound connection (and, for
 * a name, a DNS lookup) for up to the test's timeout: without a bound one member could open
 * thousands, and lookups on libuv's small thread pool would stall every other request's file and
 * DNS work. A test beyond the bound is refused at once (429) rather than queued.
 */

export interface ConnectionTestLimits {
  /** In the whole process. */
  total: number;
  /** For one organization. */
  perOrganization: number;
}

export const CONNECTION_TEST_LIMITS: ConnectionTestLimits = { total: 4, perOrganization: 2 };

export const TOO_MANY_ORGANIZATION_TESTS = "Too many connection tests are running for your organization; try again in a moment";
export const TOO_MANY_TESTS = "Too many connection tests are running on the portal right now; try again in a moment";

export interface ConnectionTestLimiter {
  /** Runs `work` in a slot of the organization, or throws rate_limited when none is free. */
  run<T>(organizationId: string, work: () => Promise<T>): Promise<T>;
  /** Tests running now (all organizations). */
  running(): number;
}

export function createConnectionTestLimiter(limits: ConnectionTestLimits = CONNECTION_TEST_LIMITS): ConnectionTestLimiter {
  let total = 0;
  const byOrganization = new Map<string, number>();

  function release(organizationId: string): void {
    total -= 1;
    const left = (byOrganization.get(organizationId) ?? 1) - 1;
    if (left > 0) byOrganization.set(organizationId, left);
    else byOrganization.delete(organizationId);
  }

  return {
    async run<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
      const mine = byOrganization.get(organizationId) ?? 0;
      if (mine >= limits.perOrganization) throw new AppError("rate_limited", TOO_MANY_ORGANIZATION_TESTS);
      if (total >= limits.total) throw new AppError("rate_limited", TOO_MANY_TESTS);
      total += 1;
      byOrganization.set(organizationId, mine + 1);
      try {
        return await work();
      } finally {
        release(organizationId);
      }
    },
    running: () => total,
  };
}
