import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SUPPORT_SETTINGS, type SupportSettings, type SupportSettingsInput, updateSupportSettingsRoute } from "#common/contracts/support";
import { supportSettings } from "#server/db/schema/index";
import type { Caller } from "#server/lib/app-context";
import type { Runtime } from "#server/runtime";
import { backdateEntries, closeEntries, createHelpRequest } from "#tests/action-log-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, callContract } from "#tests/factories";
import { signNdaOk } from "#tests/onboarding-test-kit";
import { importDefaultCurriculum, supportOverviewOk } from "#tests/support-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { getSupportOverview } from "./support.service.ts";

/** /support: the provider's settings, the organization's help requests, the FAQ of the curriculum. */

let runtime: Runtime;
let employee: TestUser;
const raised: string[] = [];
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  // Help requests left open would crowd the employees' inbox, which spans every organization.
  if (raised.length > 0) await closeEntries(runtime, raised);
  await runtime.close();
});

const SETTINGS: SupportSettingsInput = {
  contacts: [
    { name: "Onboarding desk", role: "Day-to-day questions", email: "desk@provider.test", phone: "+1 555 010 2000" },
    { name: "Ana Lima", role: "Escalations", email: "ana@provider.test", phone: "" },
  ],
  support_hours: "Monday to Friday\n8:00–18:00",
  time_zone: "Europe/Paris",
  first_response_hours: 2,
  response_promise: "We answer within 2 business hours.",
};

const saveSettings = (as: TestUser, body: unknown) => callContract(runtime, updateSupportSettingsRoute, { as, body });

async function raise(as: TestUser, title: string, helpType = "question"): Promise<string> {
  const response = await createHelpRequest(runtime, as, { help_type: helpType, title });
  expect(response.status, await response.clone().text()).toBe(201);
  const { entry } = (await response.json()) as { entry: { id: string } };
  raised.push(entry.id);
  return entry.id;
}

describe("the provider's support settings", () => {
  it("shows the defaults until an employee saves them", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const caller: Caller = { userId: member.id, email: member.email, sessionId: "", isEmployee: false, role: "member_user", organizationId: organization.id, fullName: null, companyRole: null };
    // The settings are the provider's, shared by every test at once: read without them inside a
    // transaction that is rolled back, so no other test sees them go.
    let shown: SupportSettings | undefined;
    await runtime.database.db
      .transaction(async (tx) => {
        await tx.delete(supportSettings);
        shown = (await getSupportOverview({ db: tx, access: runtime.config.access }, organization.id, caller)).settings;
        throw new Error("roll back");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== "roll back") throw error;
      });
    expect(shown).toEqual({ ...DEFAULT_SUPPORT_SETTINGS, updated_at: null });
  });

  it("lets an employee save them, and every organization's members read them; a member may not save", async () => {
    const saved = await saveSettings(employee, SETTINGS);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ ...SETTINGS, updated_at: expect.any(String) });

    const { member } = await buildMemberOrganization(runtime);
    const overview = await supportOverviewOk(runtime, member);
    expect(overview.can_edit_settings).toBe(false);
    // Another test may have saved since; the shape and the rules hold whoever saved last.
    expect(overview.settings.contacts.length).toBeGreaterThan(0);

    const refused = await saveSettings(member, SETTINGS);
    expect(refused.status).toBe(403);
  });

  it("answers bad input with each field's path and message, and stores nothing", async () => {
    const response = await saveSettings(employee, {
      contacts: [{ name: " ", role: "Escalations", email: "not-an-email", phone: "call me" }],
      support_hours: "x".repeat(301),
      time_zone: "Mars/Olympus",
      first_response_hours: 0,
      response_promise: "",
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
    expect(error.code).toBe("validation_failed");
    expect(error.details.map((detail) => detail.path).sort()).toEqual(
      ["contacts.0.email", "contacts.0.name", "contacts.0.phone", "first_response_hours", "response_promise", "support_hours", "time_zone"].sort(),
    );
    expect(error.details.find((detail) => detail.path === "contacts.0.email")?.message).toBe("Enter a valid email address");
  });
});

describe("the organization's help requests", () => {
  it("lists the organization's requests newest first, with reference, type and status, and none of another's", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await signNdaOk(runtime, member);
    const older = await raise(member, "Where do I start?", "question");
    const newer = await raise(member, "The export fails", "issue");
    await backdateEntries(runtime, [older], new Date(Date.now() - 3 * 86_400_000));
    const other = await buildMemberOrganization(runtime);
    await raise(other.member, "Not yours");

    const overview = await supportOverviewOk(runtime, member);
    expect(overview.help_requests.map((request) => request.id)).toEqual([newer, older]);
    expect(overview.help_requests[0]).toMatchObject({ title: "The export fails", help_type: "issue", status: "Open", reference: expect.stringMatching(/^BUG-\d+$/) });
    expect(overview.help_requests[1]).toMatchObject({ help_type: "question", reference: expect.stringMatching(/^HELP-\d+$/) });
    // An employee acting for the organization sees the same.
    expect((await supportOverviewOk(runtime, employee, organization.id)).help_requests.map((request) => request.id)).toEqual([newer, older]);
  });

  it("before the NDA shows a plain member only their own, an admin every one", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
    const mine = await raise(member, "My question");
    const theirs = await raise(colleague, "Their question");
    await backdateEntries(runtime, [mine], new Date(Date.now() - 3_600_000));

    expect((await supportOverviewOk(runtime, member)).help_requests.map((request) => request.id)).toEqual([mine]);
    expect((await supportOverviewOk(runtime, admin)).help_requests.map((request) => request.id)).toEqual([theirs, mine]);
  });
});

describe("the answers to common questions", () => {
  it("are the curriculum's FAQ Markdown, there after the default curriculum's import", async () => {
    await importDefaultCurriculum(runtime);
    const { member } = await buildMemberOrganization(runtime);
    const { faq_markdown: faq } = await supportOverviewOk(runtime, member);
    expect(faq).toContain("## I forgot my password. How do I get back in?");
    expect(faq).toContain("## What does the readiness score mean?");
  });
});
