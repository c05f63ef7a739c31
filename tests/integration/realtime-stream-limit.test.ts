import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_STREAMS_PER_SESSION } from "#server/realtime/realtime-hub";
import type { Runtime } from "#server/runtime";
import { TEST_PASSWORD, type TestUser, buildMemberOrganization, sessionCookie, signIn } from "#tests/factories";
import { type SseReader, closeReadersAfterEach, readSse } from "#tests/sse-reader";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const openReaders = closeReadersAfterEach();

async function requestStream(user: TestUser) {
  const controller = new AbortController();
  const response = await runtime.app.request("/api/events", {
    headers: { cookie: user.cookie, "x-forwarded-for": user.ip },
    signal: controller.signal,
  });
  return { response, controller };
}

/** Opens a stream and reads its first message, so the server holds it. */
async function openStream(user: TestUser): Promise<SseReader> {
  const { response, controller } = await requestStream(user);
  expect(response.status).toBe(200);
  const reader = readSse(response, controller);
  openReaders.add(reader);
  await reader.next();
  return reader;
}

async function openStreamsCount(): Promise<number> {
  return (await runtime.metrics.realtimeClients.get()).values[0]?.value ?? 0;
}

describe("event streams per session", () => {
  it(`accepts ${MAX_STREAMS_PER_SESSION} streams of one session, refuses the next with 429 and Retry-After, and frees a slot when a stream closes`, async () => {
    const { member } = await buildMemberOrganization(runtime);
    const readers: SseReader[] = [];
    for (let index = 0; index < MAX_STREAMS_PER_SESSION; index += 1) readers.push(await openStream(member));

    const refused = await requestStream(member);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.response.json()).toEqual({
      error: { code: "rate_limited", message: expect.stringContaining(`At most ${MAX_STREAMS_PER_SESSION} live update streams`) },
    });

    // Another sign-in of the same user is another session, with slots of its own.
    const otherSession = { ...member, cookie: sessionCookie(await signIn(runtime, member.email, TEST_PASSWORD, member.ip)) };
    await openStream(otherSession);

    const before = await openStreamsCount();
    await readers[0]!.close();
    openReaders.delete(readers[0]!);
    await vi.waitFor(async () => expect(await openStreamsCount()).toBe(before - 1));
    await openStream(member);
  });
});
