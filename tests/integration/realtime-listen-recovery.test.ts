import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { REALTIME_CHANNEL, type StoredEvent } from "#server/realtime/publish-event";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization } from "#tests/factories";
import { loggedEventIds, renameOrganization } from "#tests/realtime-test-kit";
import { createTestRuntime, testEngine } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const WAIT_MS = 20_000;

/** Records what the hub fans out for one organization. */
function collect(organizationId: string) {
  const events: StoredEvent[] = [];
  const waiters = new Set<() => void>();
  onTestFinished(
    runtime.hub.subscribe(organizationId, (stored) => {
      events.push(stored);
      for (const wake of waiters) wake();
    }),
  );
  /** Resolves once the events so far satisfy `done`; fails after a generous wait. */
  const waitUntil = (done: (events: StoredEvent[]) => boolean, what: string) =>
    new Promise<StoredEvent[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} did not arrive within ${WAIT_MS} ms (got ids ${events.map((e) => e.id).join(", ")})`));
      }, WAIT_MS);
      function check() {
        if (!done(events)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(events.slice());
      }
      waiters.add(check);
      check();
    });
  const waitFor = (count: number) => waitUntil((events) => events.length >= count, `${count} events`);
  const waitForId = (id: number) => waitUntil((events) => events.some((e) => e.id === id), `event ${id}`);
  return { events, waitFor, waitForId };
}

const rename = (member: TestUser) => renameOrganization(runtime, member);

const loggedIds = (organizationId: string, afterId = 0) => loggedEventIds(runtime, organizationId, afterId);

/**
 * Terminates every backend listening on the portal's channel: this runtime's, and those of other
 * test files sharing the database (they recover the same way).
 */
async function killListenConnections(): Promise<number> {
  const listen = `LISTEN "${REALTIME_CHANNEL}"`;
  const result = await runtime.database.db.execute(sql`
    select pg_terminate_backend(pid) as terminated from pg_stat_activity
    where query = ${listen} and datname = current_database() and pid <> pg_backend_pid()`);
  return (result as unknown as { rows: { terminated: boolean }[] }).rows.filter((row) => row.terminated).length;
}

it("delivers a committed rename through the hub's listener", async () => {
  const { organization, member } = await buildMemberOrganization(runtime);
  const collector = collect(organization.id);
  await rename(member);
  const [stored] = await collector.waitFor(1);
  expect(stored?.event).toEqual({ type: "organizationUpdated", organizationId: organization.id });
  expect([stored?.id]).toEqual(await loggedIds(organization.id));
});

describe.runIf(testEngine() === "postgres")("after the LISTEN connection is lost", () => {
  it("delivers a rename committed while it was down, then later events", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const collector = collect(organization.id);
    expect(await killListenConnections()).toBeGreaterThanOrEqual(1);
    await rename(member);
    const [caughtUp] = await collector.waitFor(1);
    expect(caughtUp?.event).toEqual({ type: "organizationUpdated", organizationId: organization.id });

    await rename(member);
    const ids = (await collector.waitFor(2)).map((stored) => stored.id);
    expect(ids).toEqual(await loggedIds(organization.id));
    expect(new Set(ids).size).toBe(2);
  });

  it("recovers again after a second loss", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const collector = collect(organization.id);
    for (const round of [1, 2]) {
      expect(await killListenConnections()).toBeGreaterThanOrEqual(1);
      await rename(member);
      await collector.waitFor(round);
    }
    await rename(member);
    const ids = (await collector.waitFor(3)).map((stored) => stored.id);
    expect(ids).toEqual(await loggedIds(organization.id));
  });
});
