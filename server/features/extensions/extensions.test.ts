import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Access, getAccessRoute } from "#common/contracts/access";
import { type ActionLogDetail, getActionLogRoute } from "#common/contracts/action-log";
import { type ExtensionsOverview, getExtensionsRoute } from "#common/contracts/extensions";
import type { Estimate } from "#common/contracts/pricing-estimates";
import { EMPLOYEE_ONLY_REASON } from "#common/domain/access";
import { extensionNotActiveReason } from "#common/domain/extensions";
import type { Runtime } from "#server/runtime";
import { changeExtension, changeExtensionOk, openExtensionsToMembers, readExtensionsOk } from "#tests/extensions-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, callContract } from "#tests/factories";
import { signNdaOk } from "#tests/onboarding-test-kit";
import { createPlainEstimate, errorOf, estimateAction, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** /api/extensions: requests, approval by activation, the estimate's add-on line, the extension guard. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

async function buildExtensionsOrganization() {
  const { organization, member } = await buildMemberOrganization(runtime);
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
  await openExtensionsToMembers(runtime, organization.id);
  // The request's Open Request is an action log entry: its page opens once the NDA is signed.
  await signNdaOk(runtime, admin);
  return { organizationId: organization.id, member, admin };
}

const extensionOf = (overview: ExtensionsOverview, id: string) => overview.extensions.find((extension) => extension.id === id);

async function pageVerdict(as: TestUser, item: "ap-automation" | "extensions", org?: string) {
  const response = await callContract(runtime, getAccessRoute, { as, org });
  expect(response.status).toBe(200);
  return ((await response.json()) as Access).pages[item];
}

async function entryOf(actionLogId: string, org: string): Promise<ActionLogDetail> {
  const response = await callContract(runtime, getActionLogRoute, { as: employee, org, params: { actionLogId } });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

describe("the extensions section", () => {
  it("is for employees unless the menu version makes it always visible; prices come from the price list", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const refused = await callContract(runtime, getExtensionsRoute, { as: member });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(EMPLOYEE_ONLY_REASON);

    const overview = await readExtensionsOk(runtime, employee, organization.id);
    expect(overview.extensions.map((extension) => extension.id)).toEqual(["decision-maker-dashboard", "ap-automation", "container-management"]);
    expect(extensionOf(overview, "ap-automation")).toMatchObject({
      state: "available",
      monthly_price_cents: 24_500,
      on_primary_estimate: false,
      can: { open: true, request: false, activate: true, decline: false, deactivate: false },
    });
    expect(overview.primary_estimate).toBeNull();

    await openExtensionsToMembers(runtime, organization.id);
    const asMember = await readExtensionsOk(runtime, member);
    expect(extensionOf(asMember, "ap-automation")).toMatchObject({ can: { open: false, request: true, withdraw: false, activate: false } });
  });

  it("a member's request raises an Open Request; activating it approves it, puts the add-on on the unlocked primary estimate and opens the page", async () => {
    const { organizationId, member } = await buildExtensionsOrganization();
    const estimate = await createPlainEstimate(runtime, member, "Our plan");

    expect(await pageVerdict(member, "ap-automation")).toEqual({
      allowed: false,
      reason: extensionNotActiveReason("ap-automation"),
      redirect_to: "/extensions",
    });
    const requested = await changeExtensionOk(runtime, member, "request", "ap-automation", { body: { note: "For the Q3 close" } });
    expect(requested.extension).toMatchObject({ state: "requested", request: { by: { id: member.id }, note: "For the Q3 close" } });
    expect(requested.message).toMatch(/^AP Automation requested\. The provider will review your request \(REQ-\d+\)\.$/);
    const entryId = requested.extension.request?.entry_id ?? "";
    expect(await entryOf(entryId, organizationId)).toMatchObject({
      entry: { action_log_type: "Open Request", status: "Open", title: "Extension request: AP Automation", description: expect.stringContaining("For the Q3 close") },
    });
    const again = await changeExtension(runtime, member, "request", "ap-automation");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("AP Automation is already requested");

    const activated = await changeExtensionOk(runtime, employee, "activate", "ap-automation", { org: organizationId });
    expect(activated.message).toBe("AP Automation is active and on the primary estimate");
    expect(activated.extension).toMatchObject({ state: "active", on_primary_estimate: true, plan_change: "estimate", activation: { by: { id: employee.id } } });
    expect(extensionOf(await readExtensionsOk(runtime, member), "ap-automation")?.can.open).toBe(true);
    const after = await readJson<Estimate>(runtime, `/api/pricing/estimates/${estimate.id}`, member);
    expect(after.lines.find((line) => line.inventory_id === "EXT-APA")).toMatchObject({ price_cents: 24_500, quantity: 1 });
    expect(after.total_monthly_price_cents).toBe(estimate.total_monthly_price_cents + 24_500);
    expect((await entryOf(entryId, organizationId)).entry).toMatchObject({ status: "Resolved", resolution_notes: "Approved. AP Automation is active and on the primary estimate." });
    expect(await pageVerdict(member, "ap-automation")).toEqual({ allowed: true });

    const overview = await readExtensionsOk(runtime, member);
    expect(overview.history.map((entry) => entry.action)).toEqual(["activated", "requested"]);

    // Deactivating takes the add-on off the unlocked estimate and closes the page again.
    const deactivated = await changeExtensionOk(runtime, employee, "deactivate", "ap-automation", { org: organizationId, body: { reason: "Not needed this year" } });
    expect(deactivated.extension).toMatchObject({ state: "available", on_primary_estimate: false });
    expect((await readJson<Estimate>(runtime, `/api/pricing/estimates/${estimate.id}`, member)).total_monthly_price_cents).toBe(estimate.total_monthly_price_cents);
    expect((await pageVerdict(member, "ap-automation")).allowed).toBe(false);
  });

  it("records the change for the next plan when the primary estimate is locked or missing", async () => {
    const { organizationId, member, admin } = await buildExtensionsOrganization();
    const none = await changeExtensionOk(runtime, employee, "activate", "container-management", { org: organizationId });
    expect(none.message).toBe("Container Management is active. There is no primary estimate yet: the change is recorded for the next plan.");
    expect(none.extension.plan_change).toBe("next_plan");

    const estimate = await createPlainEstimate(runtime, member, "Locked plan");
    expect((await estimateAction(runtime, admin, estimate.id, "lock")).status).toBe(200);
    const locked = await changeExtensionOk(runtime, employee, "activate", "decision-maker-dashboard", { org: organizationId });
    expect(locked.extension).toMatchObject({ plan_change: "next_plan", on_primary_estimate: false });
    expect((await readJson<Estimate>(runtime, `/api/pricing/estimates/${estimate.id}`, member)).total_monthly_price_cents).toBe(estimate.total_monthly_price_cents);
  });

  it("declines with a reason, lets the requester or an admin withdraw, and keeps each side to its own actions", async () => {
    const { organizationId, member, admin } = await buildExtensionsOrganization();
    const colleague = await buildUser(runtime, { organizationId });
    const requested = await changeExtensionOk(runtime, member, "request", "decision-maker-dashboard");

    expect((await changeExtension(runtime, member, "activate", "decision-maker-dashboard")).status).toBe(403);
    expect((await changeExtension(runtime, employee, "request", "ap-automation", { org: organizationId })).status).toBe(403);
    const noReason = await changeExtension(runtime, employee, "decline", "decision-maker-dashboard", { org: organizationId, body: { reason: "  " } });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).details).toEqual([{ path: "reason", message: "Say why the request is declined" }]);

    await changeExtensionOk(runtime, employee, "decline", "decision-maker-dashboard", { org: organizationId, body: { reason: "Not in this edition" } });
    const entry = await entryOf(requested.extension.request?.entry_id ?? "", organizationId);
    expect(entry.entry).toMatchObject({ status: "Closed", resolution_notes: "Declined: Not in this edition" });
    const declined = await readExtensionsOk(runtime, member);
    expect(extensionOf(declined, "decision-maker-dashboard")).toMatchObject({ state: "available", request: null });
    expect(declined.history[0]).toMatchObject({ action: "declined", note: "Not in this edition", actor: { id: employee.id } });

    await changeExtensionOk(runtime, member, "request", "ap-automation");
    const byColleague = await changeExtension(runtime, colleague, "withdraw", "ap-automation");
    expect(byColleague.status).toBe(403);
    const withdrawn = await changeExtensionOk(runtime, admin, "withdraw", "ap-automation");
    expect(withdrawn.extension.state).toBe("available");
    expect((await changeExtension(runtime, employee, "decline", "ap-automation", { org: organizationId, body: { reason: "x" } })).status).toBe(409);
    expect((await changeExtension(runtime, employee, "deactivate", "ap-automation", { org: organizationId })).status).toBe(409);
    expect((await changeExtension(runtime, employee, "activate", "no-such-extension", { org: organizationId })).status).toBe(404);
  });
});
