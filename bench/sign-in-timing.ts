/**
 * `npx tsx bench/sign-in-timing.ts`: how long a sign-in takes with a wrong password versus an
 * unknown email, interleaved in one run on the embedded database. The two should be
 * indistinguishable (a ratio near 1.00), or the answer time would tell which emails have accounts.
 * It only prints. Settings: BENCH_SIGN_IN_ROUNDS (60).
 */
import { randomUUID } from "node:crypto";
import { openMemoryPglite } from "#server/db/open-pglite";
import { buildConfig, parseEnv } from "#server/env";
import { createUser } from "#server/features/users/users.service";
import { createLogger } from "#server/lib/logger";
import { createRuntime } from "#server/runtime";

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 60);
const ORIGIN = "http://bench.test";

const config = buildConfig(
  parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: ORIGIN, TRUST_PROXY: "true", AUTH_SIGN_IN_RATE_LIMIT_MAX: "1000000" }),
);
const database = await openMemoryPglite();
await database.migrate();
const runtime = await createRuntime(config, database, createLogger("silent"));
const email = `timing-${randomUUID().slice(0, 8)}@bench.test`;
await createUser(runtime.auth, runtime.database.db, {
  email,
  password: "the-right-password-here",
  organizationId: null,
  isEmployee: false,
  fullName: null,
  companyRole: null,
});

async function timeSignIn(address: string): Promise<number> {
  const started = performance.now();
  const response = await runtime.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email: address, password: "a-wrong-password-here" }),
  });
  await response.arrayBuffer();
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const wrongPassword: number[] = [];
const unknownEmail: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  // Interleaved, alternating which goes first, so machine noise falls on both alike.
  const pair = round % 2 === 0 ? [email, `nobody-${round}@bench.test`] : [`nobody-${round}@bench.test`, email];
  for (const address of pair) (address === email ? wrongPassword : unknownEmail).push(await timeSignIn(address));
}
await runtime.close();

const [wrong, unknown] = [median(wrongPassword), median(unknownEmail)];
process.stdout.write(
  `sign-in timing over ${ROUNDS} interleaved pairs (median ms): wrong password ${wrong.toFixed(1)}, unknown email ${unknown.toFixed(1)}, ` +
    `ratio unknown/wrong ${(unknown / wrong).toFixed(2)} (goal: 0.80–1.25)\n`,
);
