import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfig, parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import { startServer } from "#server/main";
import { TEST_PASSWORD, buildMemberOrganization, sessionCookie, signIn } from "#tests/factories";
import { TEST_ENCRYPTION_KEY, TEST_ORIGIN } from "#tests/test-runtime";

/** Long enough that a drain which waits for it is told apart from one that ends with its requests. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

function serverConfig(dataDir: string) {
  return buildConfig(
    parseEnv({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, PORTAL_DEMO: "0", DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dataDir, "no-web") }),
  );
}

/** A real server on a free port over its own embedded database. */
async function startIsolatedServer(logLines?: string[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-shutdown-"));
  const logger = logLines ? createLogger("info", { write: (line: string) => void logLines.push(line) }) : undefined;
  const running = await startServer(serverConfig(dataDir), { logger });
  return { running, url: running.url.replace("localhost", "127.0.0.1"), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

describe("shutting down", () => {
  it("ends open event streams, finishes, releases the data folder and refuses new connections", async () => {
    const { running, url, cleanup } = await startIsolatedServer();
    try {
      const { member } = await buildMemberOrganization(running.runtime);
      const cookie = sessionCookie(await signIn(running.runtime, member.email, TEST_PASSWORD));
      const stream = await fetch(`${url}/api/events`, { headers: { cookie } });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      await reader.read(); // the opening ping

      await running.shutdown();

      // The stream was ended by the server, not left hanging.
      let done = false;
      while (!done) done = (await reader.read()).done;
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      // The embedded database's folder is free for the next process.
      const again = await startServer(serverConfig(running.runtime.config.env.DATA_DIR));
      await again.shutdown();
    } finally {
      await cleanup();
    }
  });

  it("while keep-alive clients keep writing, stops taking new requests, lets the running ones finish and closes the database after the last", async () => {
    const logLines: string[] = [];
    const { running, url, cleanup } = await startIsolatedServer(logLines);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    try {
      const { member } = await buildMemberOrganization(running.runtime);
      const cookie = sessionCookie(await signIn(running.runtime, member.email, TEST_PASSWORD));
      const outcomes: WriteOutcome[] = [];
      let stopping = false;
      const clients = Array.from({ length: CLIENTS }, async (_, client) => {
        for (let index = 0; ; index += 1) {
          const outcome = await postEstimate(agent, url, cookie, `Drain ${client}-${index}`);
          outcomes.push(outcome);
          if (outcome.kind !== "answered" || outcome.status === 503 || (stopping && outcome.closes)) return;
        }
      });
      while (outcomes.length < CLIENTS * 3) await new Promise((resolve) => setTimeout(resolve, 20));

      stopping = true;
      const stopStartedAt = performance.now();
      await running.shutdown();
      // The drain ended with the last running request, not by the timeout (before, open
      // connections were held until it, and then reset).
      const drainMs = performance.now() - stopStartedAt;
      expect(drainMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      await Promise.all(clients);

      const answered = outcomes.filter((outcome) => outcome.kind === "answered");
      // Nothing sent once the stop began is taken on: before, open connections were served until the timeout.
      const takenAfterStop = answered.filter((outcome) => outcome.sentAt > stopStartedAt && outcome.status !== 503);
      expect(takenAfterStop.length, "requests sent after the stop began and still served").toBe(0);
      const failed = outcomes.filter((outcome) => outcome.kind === "failed");
      // Served before the stop, or refused during it with a retryable 503 that closes the connection.
      for (const outcome of answered) {
        if (outcome.status === 503) {
          expect(outcome.closes, "a refusal closes its connection").toBe(true);
          expect(outcome.retryAfter).toBe("5");
          expect(outcome.body).toMatchObject({ error: { code: "unavailable" } });
        } else {
          expect(outcome.status, JSON.stringify(outcome.body)).toBe(201);
        }
      }
      expect(logLines.filter((line) => line.includes("shutdown timeout"))).toEqual([]);
      expect(logLines.filter((line) => line.includes("Cannot use a pool"))).toEqual([]);

      // Every write that was acknowledged is in the database the next process opens.
      const acknowledged = answered.filter((outcome) => outcome.status === 201).map((outcome) => (outcome.body as { id: string }).id);
      expect(acknowledged.length).toBeGreaterThanOrEqual(CLIENTS * 2);
      const again = await startServer(serverConfig(running.runtime.config.env.DATA_DIR));
      try {
        const againCookie = sessionCookie(await signIn(again.runtime, member.email, TEST_PASSWORD));
        const list = await fetch(`${again.url.replace("localhost", "127.0.0.1")}/api/pricing/estimates`, { headers: { cookie: againCookie } });
        const stored = ((await list.json()) as { estimates: { id: string; name: string }[] }).estimates;
        const ids = new Set(stored.map((estimate) => estimate.id));
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
        // A request that failed was never handled: refused a connection after the listener closed,
        // or sent on an idle connection as the server closed it. None was cut after its write.
        const names = new Set(stored.map((estimate) => estimate.name));
        for (const outcome of failed) {
          expect(["ECONNREFUSED", "ECONNRESET"], outcome.message).toContain(outcome.code);
          expect(names.has(outcome.name), `${outcome.name} was written but its client saw ${outcome.code}`).toBe(false);
        }
        process.stdout.write(
          `SIGTERM under ${CLIENTS} keep-alive writers: drained in ${Math.round(drainMs)} ms (timeout ${SHUTDOWN_TIMEOUT_MS} ms); ` +
            `${acknowledged.length} writes acknowledged, 0 lost; ${answered.length - acknowledged.length} refused with 503; ` +
            `${failed.length} not sent (connection refused or closed while idle), none of them written\n`,
        );
      } finally {
        await again.shutdown();
      }
    } finally {
      agent.destroy();
      await cleanup();
    }
  });
});

const CLIENTS = 8;

type WriteOutcome =
  | { kind: "answered"; sentAt: number; status: number; closes: boolean; retryAfter: string | undefined; body: unknown }
  | { kind: "failed"; name: string; code: string | undefined; message: string };

/** One estimate written over the keep-alive agent, as a browser or a proxy would reuse connections. */
function postEstimate(agent: http.Agent, url: string, cookie: string, name: string): Promise<WriteOutcome> {
  const body = JSON.stringify({ name, edition_id: "FE", lines: [] });
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${url}/api/pricing/estimates`,
      { method: "POST", agent, headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            kind: "answered",
            sentAt,
            status: response.statusCode ?? 0,
            closes: response.headers.connection === "close",
            retryAfter: response.headers["retry-after"],
            body: text ? JSON.parse(text) : undefined,
          }),
        );
        response.on("error", (error: NodeJS.ErrnoException) => resolve({ kind: "failed", name, code: error.code, message: error.message }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ kind: "failed", name, code: error.code, message: error.message }));
    request.end(body);
  });
}
