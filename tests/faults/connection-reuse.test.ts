import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_BODY_BYTES } from "#server/app";
import { buildConfig, parseEnv } from "#server/env";
import { type RunningServer, startServer } from "#server/main";
import { TEST_ENCRYPTION_KEY, TEST_ORIGIN } from "#tests/test-runtime";

/**
 * Keep-alive connections over a real socket, against a server of its own (so it runs once, in
 * the standalone project). Answers given before the request body was read to its end say
 * `Connection: close`, so a keep-alive client never sends its next request on a connection the
 * server is about to close; answers to bodies that were read keep the connection, and an idle
 * connection stays open longer than clients keep theirs.
 */

let running: RunningServer;
let dataDir: string;
let address: URL;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-body-limit-"));
  const env = parseEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    PORTAL_DEMO: "0",
    DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
  });
  running = await startServer(buildConfig(env));
  address = new URL(running.url.replace("localhost", "127.0.0.1"));
});
afterAll(async () => {
  await running?.shutdown();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  reusedSocket: boolean;
}

/** One request on the agent; a chunked body has no Content-Length, so the server learns its size by reading. */
function send(agent: http.Agent, method: string, pathname: string, body?: { bytes: Buffer; chunked: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, "content-type": "application/json" };
    if (body && !body.chunked) headers["content-length"] = String(body.bytes.length);
    const request = http.request({ host: address.hostname, port: address.port, method, path: pathname, agent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text, reusedSocket: request.reusedSocket }),
      );
    });
    request.on("error", reject);
    if (body) request.write(body.bytes);
    request.end();
  });
}

function jsonOfSize(bytes: number): Buffer {
  const text = JSON.stringify({ full_name: "", company_role: "" });
  return Buffer.from(text.replace('""', `"${"x".repeat(bytes - text.length)}"`));
}

async function withAgent(run: (agent: http.Agent) => Promise<void>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await run(agent);
  } finally {
    agent.destroy();
  }
}

describe("a keep-alive connection after an answer to a request body", () => {
  it.each([false, true])("a body over the limit (chunked: %s) gets 413 with Connection: close; the next request gets a new connection", async (chunked) => {
    await withAgent(async (agent) => {
      const tooLarge = await send(agent, "PATCH", "/api/me/profile", { bytes: jsonOfSize(2 * MAX_JSON_BODY_BYTES), chunked });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body)).toEqual({ error: { code: "payload_too_large", message: "The request body is too large" } });
      expect(tooLarge.connection).toBe("close");

      const next = await send(agent, "GET", "/healthz");
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(false);
    });
  });

  it("an answer given before a large body under the limit was read (401) also closes the connection", async () => {
    await withAgent(async (agent) => {
      const refused = await send(agent, "PATCH", "/api/me/profile", { bytes: jsonOfSize(MAX_JSON_BODY_BYTES / 2), chunked: false });
      expect(refused.status).toBe(401);
      expect(refused.connection).toBe("close");
      expect((await send(agent, "GET", "/healthz")).status).toBe(200);
    });
  });

  it("an answer to a body that was read keeps the connection for the next request", async () => {
    await withAgent(async (agent) => {
      // A public route that reads and validates the body before it answers.
      const invalid = await send(agent, "POST", "/api/invitations/accept", { bytes: jsonOfSize(200), chunked: false });
      expect(invalid.status).toBe(400);
      expect(invalid.connection).toBe("keep-alive");

      const next = await send(agent, "GET", "/healthz");
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    });
  });

  it("keeps an idle keep-alive connection open longer than Node's 5 s default, so a client reusing it is not reset", async () => {
    await withAgent(async (agent) => {
      expect((await send(agent, "GET", "/healthz")).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const later = await send(agent, "GET", "/healthz");
      expect(later.status).toBe(200);
      // Closed at 5 s, the agent would have dropped the socket and opened another.
      expect(later.reusedSocket).toBe(true);
    });
  });
});
