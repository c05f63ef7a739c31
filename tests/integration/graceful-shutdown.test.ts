import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfig, parseEnv } from "#server/env";
import { startServer } from "#server/main";
import { TEST_PASSWORD, buildMemberOrganization, sessionCookie, signIn } from "#tests/factories";
import { TEST_ENCRYPTION_KEY, TEST_ORIGIN } from "#tests/test-runtime";

function serverConfig(dataDir: string) {
  return buildConfig(
    parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, PORTAL_DEMO: "0", DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dataDir, "no-web") }),
  );
}

/** A real server on a free port over its own embedded database. */
async function startIsolatedServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-shutdown-"));
  const running = await startServer(serverConfig(dataDir));
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
});
