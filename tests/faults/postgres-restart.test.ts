import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts";
import { sessionCookie } from "#tests/factories";
import { type PortalProcess, startPortalProcess } from "#tests/portal-process";
import { TEST_ENCRYPTION_KEY } from "#tests/test-runtime";
import { type OwnPostgres, startOwnPostgres } from "./own-postgres.ts";

/**
 * The portal's PostgreSQL restarted under write load, fast and immediate (a crash, recovered
 * from the write-ahead log): the process stays up, requests that meet the outage answer 503 with
 * Retry-After, every acknowledged write is in the database, and writes succeed again soon after
 * the database is back. The figures are printed.
 */

const CLIENTS = 20;
/** How soon after the database accepts connections again writes must succeed. */
const RECOVERY_LIMIT_MS = 10_000;

interface WriteOutcome {
  sentAt: number;
  answeredAt: number;
  status: number;
  id?: string;
  code?: string;
  retryAfter?: string | null;
}

const member = DEMO_ACCOUNTS.find((account) => !account.isEmployee)!;

describe("the portal's PostgreSQL restarted under write load", { timeout: 180_000 }, () => {
  let postgres: OwnPostgres;
  let portal: PortalProcess;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    portal = await startPortalProcess({ DATABASE_URL: postgres.url, PORTAL_DEMO: "1", DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, PG_POOL_MAX: "10" });
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await postgres?.stop();
    await postgres?.remove();
  });

  it("stays up, answers 503 during the outage, keeps every acknowledged write and writes again within 10 s of each restart", async () => {
    const signedIn = await fetch(`${portal.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: portal.url },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);

    const outcomes: WriteOutcome[] = [];
    let writing = true;
    const write = async (name: string): Promise<WriteOutcome> => {
      const sentAt = performance.now();
      try {
        const response = await fetch(`${portal.url}/api/pricing/estimates`, {
          method: "POST",
          headers: { cookie, origin: portal.url, "content-type": "application/json" },
          body: JSON.stringify({ name, edition_id: "FE", lines: [] }),
        });
        const body = (await response.json()) as { id?: string; error?: { code: string } };
        return { sentAt, answeredAt: performance.now(), status: response.status, id: body.id, code: body.error?.code, retryAfter: response.headers.get("retry-after") };
      } catch (error) {
        return { sentAt, answeredAt: performance.now(), status: 0, code: (error as Error).message };
      }
    };
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let index = 0; writing; index += 1) {
        const outcome = await write(`Restart ${client}-${index}`);
        outcomes.push(outcome);
        if (outcome.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    const waitFor = async (condition: () => boolean, withinMs: number, what: string) => {
      const deadline = performance.now() + withinMs;
      while (!condition()) {
        if (performance.now() > deadline) throw new Error(`${what} did not happen within ${withinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const acknowledgedSince = (since: number) => outcomes.filter((outcome) => outcome.status === 201 && outcome.sentAt >= since).length;

    await waitFor(() => acknowledgedSince(0) >= CLIENTS * 2, 30_000, "the first writes");
    const recoveries: { mode: string; ms: number }[] = [];
    for (const mode of ["fast", "immediate"] as const) {
      await postgres.restart(mode);
      const backAt = performance.now();
      await waitFor(() => acknowledgedSince(backAt) > 0, RECOVERY_LIMIT_MS, `a write after the ${mode} restart`);
      const firstWrite = outcomes.filter((outcome) => outcome.status === 201 && outcome.sentAt >= backAt).sort((a, b) => a.answeredAt - b.answeredAt)[0]!;
      recoveries.push({ mode, ms: Math.round(firstWrite.answeredAt - backAt) });
      await waitFor(() => acknowledgedSince(backAt) >= CLIENTS, 30_000, `writes after the ${mode} restart`);
    }
    writing = false;
    await Promise.all(clients);

    expect(portal.child.exitCode, portal.stderr()).toBeNull();
    expect(portal.child.signalCode).toBeNull();
    const refused = outcomes.filter((outcome) => outcome.status !== 201);
    // An outage is a 503 the client may retry, never a 500 or a dropped connection.
    for (const outcome of refused) {
      expect(outcome.status, JSON.stringify(outcome)).toBe(503);
      expect(outcome.code).toBe("unavailable");
      expect(outcome.retryAfter).toMatch(/^\d+$/);
    }

    const listed = await fetch(`${portal.url}/api/pricing/estimates`, { headers: { cookie } });
    expect(listed.status).toBe(200);
    const stored = new Set(((await listed.json()) as { estimates: { id: string }[] }).estimates.map((estimate) => estimate.id));
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.id!);
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);

    process.stdout.write(
      `PostgreSQL restarts under ${CLIENTS} writing clients: ${acknowledged.length} writes acknowledged, ${lost.length} lost, ` +
        `${refused.length} answered 503, 0 crashes; first write after the database was back: ` +
        `${recoveries.map((recovery) => `${recovery.mode} ${recovery.ms} ms`).join(", ")} (limit ${RECOVERY_LIMIT_MS} ms)\n`,
    );
  });
});
