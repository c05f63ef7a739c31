/**
 * Child process of the benchmark: hosts both contestants, the real portal (startServer) and the
 * bare node:http baseline, side by side in one process. The load generator (autocannon) runs in
 * the parent, so it never competes with either contestant for this event loop; both contestants
 * sit in the same process, so they get the same CPU placement (and on PGlite they have to: the
 * embedded database can be opened by one process only). Only one contestant is loaded at a time.
 *
 * Settings come in BENCH_HOST_SETTINGS (JSON); the parent gets a HostReady message over IPC,
 * and sends "stop" when done.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { buildConfig, parseEnv } from "#server/env";
import { startServer, type RunningServer } from "#server/main";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { createUser } from "#server/features/users/users.service";
import type { Runtime } from "#server/runtime";
import { startBaselineServer, type BaselineServer, type RunQuery } from "./baseline-server.ts";
import type { HostMessage, HostSettings } from "./contestants-process.ts";

const BENCH_PASSWORD = "bench-password-correct-horse";
/** A trusted origin of the bench's own: with PORT=0 the server's public URL is http://localhost:0. */
const BENCH_ORIGIN = "http://portal.bench.test";

function report(message: HostMessage) {
  process.send?.(message);
}

/** The PGlite instance under the server's Drizzle database (drizzle keeps it as `$client`). */
function serverPglite(runtime: Runtime): PGlite {
  const client = (runtime.database.db as unknown as { $client?: PGlite }).$client;
  if (!client || typeof client.query !== "function") throw new Error("the server's PGlite client is not reachable");
  return client;
}

async function signIn(serverUrl: string, email: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BENCH_ORIGIN },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("better-auth.session_token="));
  if (response.status !== 200 || !cookie) {
    throw new Error(`sign-in failed: HTTP ${response.status} ${await response.text()}`);
  }
  return cookie;
}

async function main() {
  const settings = JSON.parse(process.env.BENCH_HOST_SETTINGS ?? "{}") as HostSettings;
  const cleanups: (() => Promise<unknown>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Baseline first (it may hold the server's PGlite), then the portal, which closes its database.
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    })());
  process.on("message", (message) => {
    if (message === "stop") void stop().finally(() => process.exit(0));
  });
  // If the parent dies, do not linger.
  process.on("disconnect", () => void stop().finally(() => process.exit(1)));

  try {
    const env = parseEnv({
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      PORTAL_DEMO: "0",
      // A throwaway key: the benchmark's databases are removed afterwards.
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PUBLIC_URL: undefined,
      TRUSTED_ORIGINS: BENCH_ORIGIN,
      DATABASE_URL: settings.DATABASE_URL,
      DATA_DIR: settings.DATA_DIR,
      AUTH_RATE_LIMIT_MAX: "1000000",
      AUTH_SIGN_IN_RATE_LIMIT_MAX: "1000000",
      WEB_DIST_DIR: join(settings.scratchDir, "no-web-build"),
    });
    const running: RunningServer = await startServer(buildConfig(env));
    cleanups.push(() => running.shutdown());
    // The server listens on 127.0.0.1 but names itself http://localhost:<port>; "localhost" may resolve to ::1.
    const stackUrl = running.url.replace("//localhost:", "//127.0.0.1:");
    const { runtime } = running;

    const organization = await createOrganization(runtime.database.db, `Bench Org ${process.pid}`);
    const email = `bench-${process.pid}@example.test`;
    await createUser(runtime.auth, runtime.database.db, {
      email,
      password: BENCH_PASSWORD,
      organizationId: organization.id,
      isEmployee: false,
      fullName: "Bench Member",
      companyRole: null,
    });
    const cookie = await signIn(stackUrl, email);

    let runQuery: RunQuery;
    let baselineVia: string;
    if (runtime.database.engine === "postgres") {
      const poolMax = env.PG_POOL_MAX;
      const pool = new pg.Pool({ connectionString: settings.DATABASE_URL, max: poolMax });
      pool.on("error", () => {});
      cleanups.push(() => pool.end());
      runQuery = async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[];
      baselineVia = `its own pg.Pool (max ${poolMax}, same as the server's PG_POOL_MAX)`;
    } else {
      const client = serverPglite(runtime);
      runQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
      baselineVia = "the server's own PGlite instance (PGlite#query, no Drizzle; one process may open it)";
    }
    const baseline: BaselineServer = await startBaselineServer(runQuery);
    cleanups.push(() => baseline.close());

    report({
      type: "ready",
      engine: runtime.database.engine,
      stackUrl,
      baselineUrl: baseline.url,
      cookie,
      organizationId: organization.id,
      baselineVia,
    });
  } catch (error) {
    report({ type: "failed", message: (error as Error).stack ?? String(error) });
    await stop();
    process.exit(1);
  }
}

void main();
