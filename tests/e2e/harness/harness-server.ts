import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { buildConfig, parseEnv } from "#server/env";
import { startServer } from "#server/main";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { createUser } from "#server/features/users/users.service";

/**
 * Runs the real built app in production mode on a fresh embedded database, plus a loopback-only
 * fixture endpoint on another port through which each e2e test creates its own organization and
 * users (the embedded database is locked to this process, so tests cannot open it themselves).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 4174);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-e2e-"));

const running = await startServer(
  buildConfig(
    parseEnv({
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      TRUSTED_ORIGINS: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      PORTAL_DEMO: "0",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Every browser signs in from 127.0.0.1.
      AUTH_SIGN_IN_RATE_LIMIT_MAX: "10000",
      AUTH_RATE_LIMIT_MAX: "100000",
      WEB_DIST_DIR: path.resolve("dist/web"),
    }),
  ),
);
const { runtime } = running;

const fixtureRequestSchema = z.object({
  organizationName: z.string(),
  members: z.array(z.object({ email: z.string(), password: z.string(), fullName: z.string().nullable() })),
});

const fixtures = createServer((request, response) => {
  let raw = "";
  request.on("data", (chunk) => (raw += chunk));
  request.on("end", async () => {
    try {
      const input = fixtureRequestSchema.parse(JSON.parse(raw));
      const organization = await createOrganization(runtime.database.db, input.organizationName);
      for (const member of input.members) {
        await createUser(runtime.auth, runtime.database.db, {
          ...member,
          organizationId: organization.id,
          isEmployee: false,
          companyRole: null,
        });
      }
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ organization }));
    } catch (error) {
      response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: String(error) }));
    }
  });
});
fixtures.listen(fixturePort, "127.0.0.1");

async function stop() {
  fixtures.close();
  await running.shutdown();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
