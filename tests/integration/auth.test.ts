import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "#server/db/schema/index";
import { createUser } from "#server/features/users/users.service";
import { AppError } from "#server/lib/app-error";
import type { Runtime } from "#server/runtime";
import { TEST_PASSWORD, buildMemberOrganization, call, randomIp, sessionCookie, signIn } from "#tests/factories";
import { buildConfig, parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import { createRuntime } from "#server/runtime";
import { TEST_ORIGIN, createTestLogger, createTestRuntime, openTestDatabase, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const WRONG_PASSWORD = "not-the-password-at-all";

function hasSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.includes("session_token=") && !/session_token=;/.test(cookie));
}

async function usersWithEmail(email: string) {
  return runtime.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
}

describe("sign-in", () => {
  it("accepts the right password and sets a session cookie that /api/me accepts", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await signIn(runtime, member.email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await runtime.app.request("/api/me", { headers: { cookie: sessionCookie(response) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: member.id, email: member.email });
  });

  it("gives a wrong password and an unknown email the same answer", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const wrongPassword = await signIn(runtime, member.email, WRONG_PASSWORD);
    const unknownEmail = await signIn(runtime, `nobody-${uniqueSuffix()}@example.test`, WRONG_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    const [wrongBody, unknownBody] = [await wrongPassword.json(), await unknownEmail.json()];
    expect(unknownBody).toEqual(wrongBody);
    expect(wrongBody).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(hasSessionCookie(wrongPassword) || hasSessionCookie(unknownEmail)).toBe(false);
  });

  it("refuses a sign-in posted from another origin", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await runtime.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://evil.example", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(403);
    expect(hasSessionCookie(response)).toBe(false);
  });
});

describe("malformed sign-in requests", () => {
  it.each([
    ["invalid JSON", "application/json", '{"email":'],
    ["a content type Better Auth does not take", "text/plain", "email=a@b.c"],
  ])("answer %s with a 4xx error body, and log no error", async (_label, contentType, body) => {
    // A console.error here (Better Auth's own default logger) fails the test.
    const response = await runtime.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": contentType, origin: TEST_ORIGIN, "x-forwarded-for": randomIp() },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe("sign-up", () => {
  it("is disabled: no account is created", async () => {
    const email = `signup-${uniqueSuffix()}@example.test`;
    const password = "a-long-enough-password";
    const response = await call(runtime, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email, password, name: "Walk In" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(response.status).not.toBe(200);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(hasSessionCookie(response)).toBe(false);
    expect(await usersWithEmail(email)).toEqual([]);
    expect((await signIn(runtime, email, password)).status).toBe(401);
  });
});

describe("sign-in rate limit", () => {
  it("answers the fourth failed sign-in within 10 s with 429 (the defaults), and still lets another address in", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const attacker = randomIp();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await signIn(runtime, member.email, WRONG_PASSWORD, attacker)).status, `attempt ${attempt}`).toBe(401);
    }
    const fourth = await signIn(runtime, member.email, WRONG_PASSWORD, attacker);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
    // Even the right password is refused once the address is over its limit.
    const blocked = await signIn(runtime, member.email, TEST_PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(hasSessionCookie(blocked)).toBe(false);

    expect((await signIn(runtime, member.email, TEST_PASSWORD, randomIp())).status).toBe(200);
  });

  it("never limits reading a session: 300 page loads from one address in a minute all read it", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const office = randomIp();
    const statuses = new Map<number, number>();
    for (let load = 0; load < 300; load += 1) {
      const response = await call(runtime, "/api/auth/get-session", { as: { ...member, ip: office } });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (load === 299) expect(await response.json()).toMatchObject({ user: { email: member.email } });
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 300 });
    // The address still has its sign-in attempts: the reads were not counted against them.
    expect((await signIn(runtime, member.email, TEST_PASSWORD, office)).status).toBe(200);
  });

  it("holds across app instances and restarts: the count lives in the database", async () => {
    const database = await openTestDatabase();
    const config = buildConfig(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: "true" }));
    const first = await createRuntime(config, database, createTestLogger());
    const second = await createRuntime(config, database, createTestLogger());
    try {
      const { member } = await buildMemberOrganization(first);
      const attacker = randomIp();
      expect((await signIn(first, member.email, WRONG_PASSWORD, attacker)).status).toBe(401);
      expect((await signIn(second, member.email, WRONG_PASSWORD, attacker)).status).toBe(401);
      expect((await signIn(first, member.email, WRONG_PASSWORD, attacker)).status).toBe(401);
      expect((await signIn(second, member.email, WRONG_PASSWORD, attacker)).status).toBe(429);
      // A third instance started afterwards (a restart) still refuses the address.
      const restarted = await createRuntime(config, database, createTestLogger());
      expect((await signIn(restarted, member.email, TEST_PASSWORD, attacker)).status).toBe(429);
      await restarted.hub.stop();
    } finally {
      await second.hub.stop();
      await first.close();
    }
  });

  it("limits code requests per address", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const ip = randomIp();
    const request = () =>
      call(runtime, "/api/auth/email-otp/send-verification-otp", {
        method: "POST",
        body: { email: member.email, type: "sign-in" },
        headers: { "x-forwarded-for": ip },
      });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await request()).status).toBe(200);
    expect((await request()).status).toBe(429);
  });
});

describe("an unknown email and a wrong password", () => {
  it("cost the same work: one password hash each (so their timing matches)", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const { password } = await runtime.auth.$context;
    const hash = vi.spyOn(password, "hash");
    const verify = vi.spyOn(password, "verify");
    try {
      await signIn(runtime, member.email, WRONG_PASSWORD);
      const wrongPasswordWork = hash.mock.calls.length + verify.mock.calls.length;
      hash.mockClear();
      verify.mockClear();
      await signIn(runtime, `nobody-${uniqueSuffix()}@example.test`, WRONG_PASSWORD);
      const unknownEmailWork = hash.mock.calls.length + verify.mock.calls.length;
      expect(wrongPasswordWork).toBe(1);
      expect(unknownEmailWork).toBe(1);
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });
});

describe("sign-out", () => {
  it("kills the session: the old cookie gets 401", async () => {
    const { member } = await buildMemberOrganization(runtime);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(200);
    const response = await call(runtime, "/api/auth/sign-out", { method: "POST", as: member, body: {} });
    expect(response.status).toBe(200);
    const after = await call(runtime, "/api/me", { as: member });
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe("unauthenticated");
  });

  it("is refused by Better Auth itself when a cookie-carrying POST names no origin, as in production", async () => {
    // Better Auth skips its origin checks when NODE_ENV is "test" unless told not to; the tests
    // must exercise the checks production runs.
    const { member } = await buildMemberOrganization(runtime);
    const response = await runtime.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie: member.cookie, "x-forwarded-for": member.ip },
    });
    expect(response.status).toBe(403);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(200);
  });
});

describe("password length", () => {
  const newUser = (email: string, password: string) => ({
    email,
    password,
    organizationId: null,
    isEmployee: false,
    fullName: null,
    companyRole: null,
  });

  it("createUser refuses 11 characters and accepts 12", async () => {
    const email = `length-${uniqueSuffix()}@example.test`;
    const error = await createUser(runtime.auth, runtime.database.db, newUser(email, "a".repeat(11))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "validation_failed", message: "Password must be at least 12 characters" });
    expect(await usersWithEmail(email)).toEqual([]);

    const created = await createUser(runtime.auth, runtime.database.db, newUser(email, "b".repeat(12)));
    expect(created.email).toBe(email);
    expect((await signIn(runtime, email, "b".repeat(12))).status).toBe(200);
  });

  it("Better Auth's change-password refuses a new password under 12 characters", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, "/api/auth/change-password", {
      method: "POST",
      as: member,
      body: { currentPassword: TEST_PASSWORD, newPassword: "c".repeat(11) },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("password_too_short");
    expect((await signIn(runtime, member.email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe("authentication events", () => {
  it("are logged: sign-in, failure, password change, sign-out", async () => {
    const lines: Array<{ event?: string; userId?: string; email?: string; level: number }> = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(JSON.parse(line)) });
    const config = buildConfig(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "info", PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: "true" }));
    const logged = await createRuntime(config, await openTestDatabase(), logger);
    try {
      const { member } = await buildMemberOrganization(logged);
      await signIn(logged, member.email, WRONG_PASSWORD);
      const newPassword = `logged-${uniqueSuffix()}-password`;
      await call(logged, "/api/auth/change-password", { method: "POST", as: member, body: { currentPassword: TEST_PASSWORD, newPassword } });
      const session = { ...member, cookie: sessionCookie(await signIn(logged, member.email, newPassword)) };
      await call(logged, "/api/auth/sign-out", { method: "POST", as: session, body: {} });

      const events = lines.filter((line) => line.event).map(({ event, userId, email }) => ({ event, userId, email }));
      expect(events).toEqual([
        { event: "auth.sign_in", userId: member.id, email: undefined },
        { event: "auth.sign_in_failed", userId: undefined, email: member.email },
        { event: "auth.password_changed", userId: member.id, email: undefined },
        { event: "auth.sign_in", userId: member.id, email: undefined },
        { event: "auth.sign_out", userId: member.id, email: undefined },
      ]);
    } finally {
      await logged.close();
    }
  });
});
