import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationKindsFor } from "#common/domain/notifications";
import type { Runtime } from "#server/runtime";
import { closeEntries, createHelpRequest } from "#tests/action-log-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { choose, notificationRowsOf, outboxTo } from "#tests/notifications-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/** A new help request reaches the provider's employees: the administrator by default, the others by choice. */

const ADMIN_EMAIL = `boss-${uniqueSuffix()}@provider.example`;
let runtime: Runtime;
const raised: string[] = [];
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_ADMIN_EMAIL: ADMIN_EMAIL });
});
afterAll(async () => {
  await closeEntries(runtime, raised);
  await runtime.close();
});

async function preferencesOf(as: TestUser) {
  const response = await call(runtime, "/api/notification-preferences", { as });
  expect(response.status).toBe(200);
  return (await response.json()).preferences as { kind: string; in_app: boolean; email: boolean }[];
}

describe("a new help request", () => {
  it("reaches the provider administrator's bell and inbox by default, and another employee once they choose it", async () => {
    const administrator = await buildUser(runtime, { isEmployee: true, email: ADMIN_EMAIL });
    const quiet = await buildUser(runtime, { isEmployee: true });
    const keen = await buildUser(runtime, { isEmployee: true });
    expect(await preferencesOf(administrator)).toContainEqual({ kind: "help_request", in_app: true, email: true });
    expect(await preferencesOf(quiet)).toContainEqual({ kind: "help_request", in_app: false, email: false });
    await choose(runtime, keen, "help_request", { in_app: true, email: false });

    const { member } = await buildMemberOrganization(runtime);
    const response = await createHelpRequest(runtime, member, { help_type: "issue", title: "The import stops at row 12" });
    expect(response.status).toBe(201);
    const { entry } = (await response.json()) as { entry: { id: string; reference: string } };
    raised.push(entry.id);

    const expected = { kind: "help_request", actionLogId: entry.id, title: `New help request ${entry.reference}`, body: "The import stops at row 12", link: `/help-requests/${entry.id}` };
    const [toAdministrator] = (await notificationRowsOf(runtime, administrator.id)).filter((row) => row.actionLogId === entry.id);
    expect(toAdministrator).toMatchObject({ ...expected, readAt: null });
    const [toKeen] = (await notificationRowsOf(runtime, keen.id)).filter((row) => row.actionLogId === entry.id);
    expect(toKeen, "in the portal only: marked mailed without a message").toMatchObject({ ...expected, readAt: null, emailedAt: expect.any(Date) });
    expect(await notificationRowsOf(runtime, quiet.id)).toEqual([]);
    expect(await notificationRowsOf(runtime, member.id), "the author is not told of their own request").toEqual([]);

    const mail = await outboxTo(runtime, ADMIN_EMAIL);
    expect(mail.some((message) => message.subject.includes(entry.reference))).toBe(true);
    expect(await outboxTo(runtime, keen.email)).toEqual([]);
  });

  it("is not a kind a member receives or may set", async () => {
    const { member } = await buildMemberOrganization(runtime);
    expect((await preferencesOf(member)).map((preference) => preference.kind)).toEqual(notificationKindsFor({ isEmployee: false }));
    const response = await call(runtime, "/api/notification-preferences", { method: "PUT", as: member, body: { kind: "help_request", in_app: true, email: true } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("This kind of notification is for provider employees only");
  });
});
