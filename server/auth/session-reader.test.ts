import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const withCookie = (cookie: string) => ({ as: null, headers: { cookie } });

describe("reading the session cookie", () => {
  it("knows the caller behind a signed cookie, with the profile", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const me = await call(runtime, "/api/me", withCookie(member.cookie));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: member.id, email: member.email, organization_id: organization.id });
  });

  it("refuses a cookie whose signature does not match", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const [name, value] = member.cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 1).toString("base64")}`)}`;
    expect((await call(runtime, "/api/me", withCookie(forged))).status).toBe(401);
    const unsigned = `${name}=${token}`;
    expect((await call(runtime, "/api/me", withCookie(unsigned))).status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const user = await buildUser(runtime, { isEmployee: true });
    const token = decodeURIComponent(user.cookie.split("=")[1]!).split(".")[0]!;
    await runtime.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    expect((await call(runtime, "/api/me", { as: user })).status).toBe(401);
  });

  it("refuses garbage cookies without failing", async () => {
    for (const cookie of ["better-auth.session_token=", "better-auth.session_token=%E0%A4%A", "x=y", "better-auth.session_token=.abc"]) {
      expect((await call(runtime, "/api/me", withCookie(cookie))).status).toBe(401);
    }
  });
});
