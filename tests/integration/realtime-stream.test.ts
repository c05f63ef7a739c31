import { eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { realtimeEvents } from "#server/db/schema/index";
import { publishEvent } from "#server/realtime/publish-event";
import { REPLAY_LIMIT } from "#server/realtime/realtime-hub";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser } from "#tests/factories";
import { loggedEventIds, renameOrganization } from "#tests/realtime-test-kit";
import { type SseMessage, closeReadersAfterEach, readSse } from "#tests/sse-reader";
import { createTestRuntime, testEngine } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const openReaders = closeReadersAfterEach();

/** Requests the event stream as `user`; the response may be an error. */
function requestStream(user: TestUser | null, options: { query?: string; headers?: Record<string, string> } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...options.headers };
  if (user) {
    headers.cookie = user.cookie;
    headers["x-forwarded-for"] = user.ip;
  }
  const request = runtime.app.request(`/api/events${options.query ?? ""}`, { headers, signal: controller.signal });
  return { controller, response: Promise.resolve(request) };
}

/** Opens the stream and reads its first message, the ping: from then on the stream is subscribed. */
async function openStream(user: TestUser, options: { query?: string; headers?: Record<string, string> } = {}) {
  const { controller, response } = requestStream(user, options);
  const opened = await response;
  expect(opened.status).toBe(200);
  expect(opened.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = readSse(opened, controller);
  openReaders.add(reader);
  const ping = await reader.next();
  expect(ping).toMatchObject({ event: "ping", data: "" });
  expect(ping.id).toMatch(/^\d+$/);
  return { reader, pingId: Number(ping.id) };
}

const rename = (member: TestUser) => renameOrganization(runtime, member);

const loggedIds = (organizationId: string, afterId = 0) => loggedEventIds(runtime, organizationId, afterId);

function expectChange(message: SseMessage, organizationId: string): number {
  expect(message.event).toBe("change");
  expect(message.id).toMatch(/^\d+$/);
  expect(JSON.parse(message.data)).toEqual({ type: "organizationUpdated", organizationId });
  return Number(message.id);
}

/** A transaction that logs an event for the organization and stays open until `commit()`. */
function holdTransaction(organizationId: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let signal: () => void = () => {};
  const inserted = new Promise<void>((resolve) => (signal = resolve));
  const done = runtime.database.db.transaction(async (tx) => {
    await publishEvent(tx, organizationId, { type: "organizationUpdated", organizationId });
    signal();
    await gate;
  });
  const commit = () => {
    release();
    return done;
  };
  return { inserted, commit };
}

describe("GET /api/events", () => {
  it("refuses an anonymous caller with a JSON error", async () => {
    const refused = await requestStream(null).response;
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toMatch(/application\/json/);
    expect((await refused.json()).error.code).toBe("unauthenticated");
  });

  it("opens with a ping carrying an event id", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const { pingId } = await openStream(member);
    expect(Number.isSafeInteger(pingId)).toBe(true);
    expect(pingId).toBeGreaterThanOrEqual(0);
  });

  it("sends a rename as a change event with its log id", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const { reader, pingId } = await openStream(member);
    await rename(member);
    const id = expectChange(await reader.nextNonPing(), organization.id);
    expect(id).toBeGreaterThan(pingId);
    expect(await loggedIds(organization.id)).toEqual([id]);
  });

  it("never sends one organization's events to another's member", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const streamA = await openStream(a.member);
    const streamB = await openStream(b.member);
    await rename(a.member);
    const idA = expectChange(await streamA.reader.nextNonPing(), a.organization.id);
    await rename(b.member);
    const idB = expectChange(await streamB.reader.nextNonPing(), b.organization.id);
    expect(idB).toBeGreaterThan(idA);
  });

  it("streams the organization an employee names with ?org=", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    const { reader } = await openStream(employee, { query: `?org=${organization.id}` });
    await rename(member);
    expectChange(await reader.nextNonPing(), organization.id);
  });

  it("answers 404 to a member naming another organization", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const other = await buildOrganization(runtime);
    const refused = await requestStream(member, { query: `?org=${other.id}` }).response;
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe("not_found");
  });

  it("refuses a malformed ?lastEventId=", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const refused = await requestStream(member, { query: "?lastEventId=abc" }).response;
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("validation_failed");
  });

  it.each([
    ["the Last-Event-ID header", (id: number) => ({ headers: { "last-event-id": String(id) } })],
    ["?lastEventId=", (id: number) => ({ query: `?lastEventId=${id}` })],
  ])("replays what was missed, in order and once, from %s, then continues live", async (_label, resumeFrom) => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const first = await openStream(member);
    await rename(member);
    const seenId = expectChange(await first.reader.nextNonPing(), organization.id);
    await first.reader.close();

    await rename(member);
    await rename(member);
    await rename(member);
    const missed = await loggedIds(organization.id, seenId);
    expect(missed).toHaveLength(3);

    const resumed = await openStream(member, resumeFrom(seenId));
    expect(resumed.pingId).toBe(seenId);
    const replayed: number[] = [];
    for (let index = 0; index < missed.length; index += 1) {
      replayed.push(expectChange(await resumed.reader.nextNonPing(), organization.id));
    }
    expect(replayed).toEqual(missed);

    await rename(member);
    const liveId = expectChange(await resumed.reader.nextNonPing(), organization.id);
    expect(await loggedIds(organization.id, seenId)).toEqual([...missed, liveId]);
  });

  it.runIf(testEngine() === "postgres")("gives event ids in commit order, so resuming after the last id skips nothing", async () => {
    // A publishing transaction that is still open holds the event-order lock: a later one waits
    // for its commit, so it cannot commit a higher id first.
    const { organization, member } = await buildMemberOrganization(runtime);
    const slow = holdTransaction(organization.id);
    onTestFinished(slow.commit);
    await slow.inserted;
    const { reader } = await openStream(member);
    const renaming = rename(member);
    await slow.commit();
    await renaming;
    const [slowId, renameId] = await loggedIds(organization.id);
    expect(slowId).toBeLessThan(renameId as number);
    // Without the lock the rename would commit (and arrive) first.
    expect(expectChange(await reader.nextNonPing(), organization.id)).toBe(slowId);
    expect(expectChange(await reader.nextNonPing(), organization.id)).toBe(renameId);
  });

  it("publishes nothing for a write that was rolled back", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const { reader } = await openStream(member);
    let rolledBackId = 0;
    await expect(
      runtime.database.db.transaction(async (tx) => {
        await publishEvent(tx, organization.id, { type: "organizationUpdated", organizationId: organization.id });
        const [row] = await tx
          .select({ id: max(realtimeEvents.id) })
          .from(realtimeEvents)
          .where(eq(realtimeEvents.organizationId, organization.id));
        rolledBackId = row?.id ?? 0;
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(rolledBackId).toBeGreaterThan(0);
    expect(await loggedIds(organization.id)).toEqual([]);

    await rename(member);
    const [committedId] = await loggedIds(organization.id);
    const id = expectChange(await reader.nextNonPing(), organization.id);
    expect(id).not.toBe(rolledBackId);
    expect(id).toBe(committedId);
  });

  it("tells a client further behind than the replay limit to resync", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await runtime.database.db.transaction(async (tx) => {
      for (let index = 0; index <= REPLAY_LIMIT; index += 1) {
        await publishEvent(tx, organization.id, { type: "organizationUpdated", organizationId: organization.id });
      }
    });
    const ids = await loggedIds(organization.id);
    expect(ids).toHaveLength(REPLAY_LIMIT + 1);
    const firstId = ids[0] as number;

    const behind = await runtime.hub.replay(organization.id, firstId - 1);
    expect(behind.complete).toBe(false);
    expect(behind.events.map((stored) => stored.id)).toEqual(ids.slice(0, REPLAY_LIMIT));
    const within = await runtime.hub.replay(organization.id, firstId);
    expect(within.complete).toBe(true);
    expect(within.events.map((stored) => stored.id)).toEqual(ids.slice(1));

    const { reader } = await openStream(member, { headers: { "last-event-id": String(firstId - 1) } });
    expect(await reader.nextNonPing()).toMatchObject({ event: "resync", data: "" });
    expect(expectChange(await reader.nextNonPing(), organization.id)).toBe(firstId);
  });

  it.runIf(testEngine() === "pglite")("asks for a resync once the log was pruned empty", async () => {
    // A database of its own, so that emptying the log touches no other test.
    const isolated = await createTestRuntime({}, { freshDatabase: true });
    onTestFinished(() => isolated.close());
    const organization = await buildOrganization(isolated);
    const before = isolated.hub.currentEventId();
    const dispatched = new Promise<void>((resolve) => isolated.hub.subscribe(organization.id, () => resolve()));
    await isolated.database.db.transaction((tx) =>
      publishEvent(tx, organization.id, { type: "organizationUpdated", organizationId: organization.id }),
    );
    await dispatched;
    // What pruning does once every event is older than the retention period.
    await isolated.database.db.delete(realtimeEvents).where(eq(realtimeEvents.organizationId, organization.id));
    expect(await isolated.database.db.$count(realtimeEvents)).toBe(0);
    expect(await isolated.hub.replay(organization.id, before)).toEqual({ events: [], complete: false });
  });
});
