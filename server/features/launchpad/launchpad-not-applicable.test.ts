import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "#common/contracts/dashboard";
import type { Launchpad, SavedLaunchpadPage } from "#common/contracts/launchpad";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, call } from "#tests/factories";
import { completePage, markPageCompleted, savePage, signNdaOk, validAnswers } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Pages that do not apply: outside the business aspects, or answered "This does not apply to us". */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const statusOf = (launchpad: Launchpad, pageId: string) => launchpad.pages.find((page) => page.id === pageId)?.status;
const notApplicablePath = (pageId: string) => `/api/launchpad/pages/${pageId}/not-applicable`;

async function answerBusinessSetup(member: TestUser, aspects: string[]) {
  const response = await savePage(runtime, member, "business-setup", "complete", { ...validAnswers()["business-setup"], business_aspects: aspects });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe("a services-only organization", () => {
  it("finishes the launchpad with Distribution, Manufacturing and Ecommerce not applicable, and opens the Launch Plan", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await answerBusinessSetup(member, ["Services"]);
    const launchpad = await readJson<Launchpad>(runtime, "/api/launchpad", member);
    expect(["distribution", "manufacturing", "ecommerce"].map((pageId) => statusOf(launchpad, pageId))).toEqual(["not_applicable", "not_applicable", "not_applicable"]);
    expect(launchpad.page_percent).toBe(40);

    for (const pageId of ["financial-setup", "timeline-planning"]) await completePage(runtime, member, pageId);
    await markPageCompleted(runtime, organization.id, "subscription-price");
    await signNdaOk(runtime, member);
    await markPageCompleted(runtime, organization.id, "data-setup");
    await completePage(runtime, member, "acumatica-tenant");

    const dashboard = await readJson<Dashboard>(runtime, "/api/dashboard", member);
    expect(dashboard.page_percent).toBe(100);
    expect(dashboard.checklist.filter((item) => item.status === "not_applicable").map((item) => item.id)).toEqual(["distribution", "manufacturing", "ecommerce"]);
    expect(dashboard.next_step?.kind).toBe("launch_plan");
    const access = await readJson<{ pages: Record<string, { allowed: boolean }> }>(runtime, "/api/access", member);
    expect(access.pages["system-refinement"], "the Launch Plan's lock follows").toEqual({ allowed: true });
  });

  it("requires a page again, with what was entered kept, once the aspects include it", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await answerBusinessSetup(member, ["Services"]);
    const draft = { warehouse_count: 3 };
    expect((await savePage(runtime, member, "distribution", "draft", draft)).status).toBe(200);
    await answerBusinessSetup(member, ["Services", "Distribution"]);
    const launchpad = await readJson<Launchpad>(runtime, "/api/launchpad", member);
    const distribution = launchpad.pages.find((page) => page.id === "distribution");
    expect(distribution).toMatchObject({ status: "incomplete", is_completed: false, data_snapshot: draft });
    expect(launchpad.page_percent).toBe(30);
  });
});

describe('"This does not apply to us"', () => {
  it("answers a page inside the aspects with a reason, counts it, and can be withdrawn", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await answerBusinessSetup(member, ["Distribution", "Manufacturing", "eCommerce"]);
    const marked = await call(runtime, notApplicablePath("manufacturing"), { method: "POST", as: member, body: { reason: "  We buy finished goods only  " } });
    expect(marked.status, await marked.clone().text()).toBe(200);
    const saved = (await marked.json()) as SavedLaunchpadPage;
    expect(saved.page).toMatchObject({ status: "not_applicable", is_completed: true, not_applicable_reason: "We buy finished goods only" });
    expect(saved.summary.page_percent).toBe(20);

    const withdrawn = (await (await call(runtime, notApplicablePath("manufacturing"), { method: "DELETE", as: member })).json()) as SavedLaunchpadPage;
    expect(withdrawn.page).toMatchObject({ status: "incomplete", is_completed: false, not_applicable_reason: null });
    expect(withdrawn.summary.page_percent).toBe(10);
  });

  it("needs a short reason, and is only for the aspect pages", async () => {
    const { member } = await buildMemberOrganization(runtime);
    for (const reason of ["", "   ", "x".repeat(201)]) {
      const response = await call(runtime, notApplicablePath("ecommerce"), { method: "POST", as: member, body: { reason } });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).details?.[0]?.path).toBe("reason");
    }
    const refused = await call(runtime, notApplicablePath("financial-setup"), { method: "POST", as: member, body: { reason: "No books" } });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe("Only Distribution, Manufacturing and Ecommerce can be answered as not applicable");
    expect((await call(runtime, notApplicablePath("nowhere"), { method: "POST", as: member, body: { reason: "No" } })).status).toBe(404);
  });

  it("is withdrawn by completing the page with answers", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await call(runtime, notApplicablePath("distribution"), { method: "POST", as: member, body: { reason: "Not yet" } });
    await completePage(runtime, member, "distribution");
    const launchpad = await readJson<Launchpad>(runtime, "/api/launchpad", member);
    expect(launchpad.pages.find((page) => page.id === "distribution")).toMatchObject({ status: "complete", not_applicable_reason: null });
  });
});
