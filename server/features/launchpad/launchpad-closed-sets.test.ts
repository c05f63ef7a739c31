import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization } from "#tests/factories";
import { savePage, signNdaOk, validAnswers } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

// Issue 26: an answer whose values are a closed set is refused off its list, by the server as by
// the form, with the field named ("dollars" became "DOL" and Financial Setup completed).

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const CURRENCY_MESSAGE = "Choose the base currency from the list of ISO 4217 currencies, like USD or EUR";

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  const { error } = await response.json();
  expect(error.code).toBe("validation_failed");
  return error.details;
}

describe("PUT /api/launchpad/pages/financial-setup with closed sets", () => {
  it("refuses a currency off the ISO 4217 list and an unknown period type, naming each field", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const complete = { ...validAnswers()["financial-setup"], base_currency: "DOL", period_type: "weekly" };
    expect(await refusal(await savePage(runtime, member, "financial-setup", "complete", complete))).toEqual([
      { path: "answers.period_type", message: "Choose the period type from the list" },
      { path: "answers.base_currency", message: CURRENCY_MESSAGE },
    ]);
    // A draft checks the answers it holds just the same: nothing was saved.
    expect(await refusal(await savePage(runtime, member, "financial-setup", "draft", { base_currency: "dollars" }))).toEqual([
      { path: "answers.base_currency", message: CURRENCY_MESSAGE },
    ]);
    expect(await refusal(await savePage(runtime, member, "financial-setup", "draft", { fiscal_year_start_month: 13 }))).toEqual([
      { path: "answers.fiscal_year_start_month", message: "Choose the fiscal year start month from the list (1 to 12)" },
    ]);
  });

  it("accepts a listed currency in lower case and saves it upper case", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await savePage(runtime, member, "financial-setup", "complete", { ...validAnswers()["financial-setup"], base_currency: "eur" });
    expect(response.status).toBe(200);
    expect((await response.json()).page).toMatchObject({ is_completed: true, data_snapshot: { base_currency: "EUR", period_type: "4-4-5" } });
  });
});

describe("PUT /api/launchpad/pages/:pageId with values off the other pages' lists", () => {
  it.each([
    ["business-setup", { annual_revenue: "$1B" }, "answers.annual_revenue", "Choose the annual revenue from the list"],
    ["business-setup", { business_aspects: ["Mining"] }, "answers.business_aspects.0", "Choose business aspects from the list"],
    ["distribution", { shipping_carriers: ["Royal Mail"] }, "answers.shipping_carriers.0", "Choose shipping carriers from the list"],
    ["manufacturing", { production_types: ["Batch"] }, "answers.production_types.0", "Choose production types from the list"],
    ["ecommerce", { monthly_orders: "1,000" }, "answers.monthly_orders", "Choose the monthly orders from the list"],
    ["acumatica-tenant", { region: "Mars" }, "answers.region", "Choose a region from the list"],
  ])("%s refuses %j", async (pageId, answers, path, message) => {
    const { member } = await buildMemberOrganization(runtime);
    // ERP Tenant opens once the NDA is signed: the refusal must come from the answers, not the gate.
    if (pageId === "acumatica-tenant") await signNdaOk(runtime, member);
    expect(await refusal(await savePage(runtime, member, pageId, "draft", answers))).toEqual([{ path, message }]);
  });
});
