import { screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnswerablePageId } from "#common/contracts/launchpad-pages";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import DistributionPage from "./distribution-page.tsx";
import EcommercePage from "./ecommerce-page.tsx";
import ErpTenantPage from "./erp-tenant-page.tsx";
import FinancialSetupPage from "./financial-setup-page.tsx";
import { launchpadAnswer, launchpadRoutes, renderLaunchpadPage } from "./launchpad-test-kit.tsx";
import ManufacturingPage from "./manufacturing-page.tsx";
import TimelinePlanningPage from "./timeline-planning-page.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

async function choose(user: UserEvent, combobox: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: combobox }));
  await user.click(await screen.findByRole("option", { name: option }));
}

/** Opens the currency list, searches it and takes the first match with Enter. */
async function chooseCurrency(user: UserEvent, search: string) {
  await user.click(screen.getByRole("combobox", { name: "Base currency" }));
  await user.type(await screen.findByRole("combobox", { name: "Search currencies" }), search);
  await user.keyboard("{Enter}");
}

interface SmokeCase {
  Page: ComponentType;
  path: string;
  pageId: AnswerablePageId;
  heading: string;
  /** Inputs and comboboxes, by label. */
  fields: string[];
  /** Checkbox and Yes/No groups and lists, by legend. */
  groups: string[];
  answer: (user: UserEvent) => Promise<void>;
  sent: Record<string, unknown>;
}

const SMOKE_CASES: SmokeCase[] = [
  {
    Page: DistributionPage,
    path: "/distribution",
    pageId: "distribution",
    heading: "Distribution",
    fields: ["Number of warehouses"],
    groups: ["Inventory methods", "Shipping carriers", "Do you track lot or serial numbers?", "Do you use drop shipping?"],
    answer: async (user) => {
      await user.type(screen.getByLabelText("Number of warehouses"), "3");
      await user.click(screen.getByRole("checkbox", { name: "FIFO" }));
      await user.click(within(screen.getByRole("group", { name: "Do you use drop shipping?" })).getByRole("radio", { name: "No" }));
    },
    sent: { warehouse_count: 3, inventory_methods: ["FIFO"], uses_drop_shipping: false },
  },
  {
    Page: ManufacturingPage,
    path: "/manufacturing",
    pageId: "manufacturing",
    heading: "Manufacturing",
    fields: ["BOM levels"],
    groups: ["Production types", "Do you use routings?", "Do you use material requirements planning (MRP)?"],
    answer: async (user) => {
      await user.click(screen.getByRole("checkbox", { name: "Make to Order" }));
      await user.click(within(screen.getByRole("group", { name: "Do you use routings?" })).getByRole("radio", { name: "Yes" }));
    },
    sent: { production_types: ["Make to Order"], uses_routings: true },
  },
  {
    Page: EcommercePage,
    path: "/ecommerce",
    pageId: "ecommerce",
    heading: "Ecommerce",
    fields: ["Online orders per month"],
    groups: ["Ecommerce platforms", "Should inventory sync with your online stores?"],
    answer: (user) => choose(user, "Online orders per month", "1,000-10,000"),
    sent: { monthly_orders: "1,000-10,000" },
  },
  {
    Page: FinancialSetupPage,
    path: "/financial-calendar",
    pageId: "financial-setup",
    heading: "Financial Setup",
    fields: ["Fiscal year start month", "Period type", "Base currency"],
    groups: ["Legal entities"],
    answer: (user) => choose(user, "Fiscal year start month", "April"),
    sent: { fiscal_year_start_month: 4 },
  },
  {
    Page: TimelinePlanningPage,
    path: "/timeline",
    pageId: "timeline-planning",
    heading: "Timeline Planning",
    fields: ["Go-live date"],
    groups: ["Key dates"],
    answer: (user) => user.type(screen.getByLabelText("Go-live date"), "2099-03-01"),
    sent: { go_live_date: "2099-03-01" },
  },
  {
    Page: ErpTenantPage,
    path: "/acumatica-tenant",
    pageId: "acumatica-tenant",
    heading: "ERP Tenant",
    fields: ["Tenant name", "Region", "Administrator name", "Administrator email"],
    groups: ["Is this a sandbox tenant?"],
    answer: (user) => user.type(screen.getByLabelText("Tenant name"), "Acme-Prod"),
    sent: { tenant_name: "acme-prod" },
  },
];

describe.each(SMOKE_CASES)("$heading page", ({ Page, path, pageId, heading, fields, groups, answer, sent }) => {
  it(`renders its questions and saves a draft to ${pageId}`, async () => {
    const api = installFakeApi(launchpadRoutes(pageId));
    renderLaunchpadPage(Page, path);
    expect(screen.getByRole("heading", { level: 1, name: heading })).toBeDefined();
    expect(await screen.findByText("Not started")).toBeDefined();
    for (const label of fields) expect(screen.getByLabelText(label)).toBeDefined();
    for (const legend of groups) expect(screen.getByRole("group", { name: legend })).toBeDefined();

    const user = userEvent.setup();
    await answer(user);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Saved"]]));
    expect(api.to(`PUT /api/launchpad/pages/${pageId}`).map((request) => request.body)).toEqual([{ mode: "draft", answers: sent }]);
    expect(screen.getByText("Draft saved")).toBeDefined();
  });
});

describe("Financial Setup entities", () => {
  const prefilled = launchpadAnswer({
    "financial-setup": { data_snapshot: { fiscal_year_start_month: 7, period_type: "4-4-5", base_currency: "EUR", entities: [{ name: "Acme GmbH" }] } },
  });

  it("adds and removes entities, checks their names and completes", async () => {
    const api = installFakeApi({
      ...launchpadRoutes("financial-setup", prefilled),
      "POST /api/launchpad/recalculate": { body: { summary: { page_percent: 10, flag_percent: 0, recalculated_at: "2030-01-02T09:30:00.000Z" }, recalculated: true } },
    });
    renderLaunchpadPage(FinancialSetupPage, "/financial-calendar");
    const user = userEvent.setup();
    expect((await screen.findByLabelText("Entity 1 name")) as HTMLInputElement).toHaveProperty("value", "Acme GmbH");
    expect(screen.getByRole("combobox", { name: "Fiscal year start month" }).textContent).toContain("July");
    expect(screen.getByRole("combobox", { name: "Period type" }).textContent).toContain("4-4-5 weeks");
    expect(screen.getByRole("combobox", { name: "Base currency" }).textContent).toBe("EUR — Euro");

    await user.click(screen.getByRole("button", { name: "Add entity" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Entity 2 name"));
    await user.type(screen.getByLabelText("Entity 2 name"), "acme gmbh");
    await user.click(screen.getByRole("button", { name: "Mark complete" }));
    expect(await screen.findByText("Give each entity a different name")).toBeDefined();
    expect(screen.getByRole("group", { name: "Legal entities" }).getAttribute("aria-describedby")).toContain("launchpad-entities-error");

    await user.click(screen.getByRole("button", { name: "Remove entity 2" }));
    expect(screen.queryByLabelText("Entity 2 name")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add entity" }));
    await user.type(screen.getByLabelText("Entity 2 name"), "Acme Inc");
    await chooseCurrency(user, "usd");
    await user.click(screen.getByRole("button", { name: "Mark complete" }));

    await vi.waitFor(() => expect(toasts.success).toEqual([["Page complete"]]));
    expect(api.to("PUT /api/launchpad/pages/financial-setup").map((request) => request.body)).toEqual([
      {
        mode: "complete",
        answers: { fiscal_year_start_month: 7, period_type: "4-4-5", base_currency: "USD", entities: [{ name: "Acme GmbH" }, { name: "Acme Inc" }] },
      },
    ]);
    expect(await screen.findByText("Complete")).toBeDefined();
    await vi.waitFor(() => expect(api.to("POST /api/launchpad/recalculate")).toHaveLength(1));
  });

  it("puts a server detail such as answers.entities.0.name on that entity", async () => {
    installFakeApi({
      "GET /api/launchpad": { body: prefilled },
      "PUT /api/launchpad/pages/financial-setup": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "answers.entities.0.name: Entity name cannot contain control characters",
            details: [{ path: "answers.entities.0.name", message: "Entity name cannot contain control characters" }],
          },
        },
      },
    });
    renderLaunchpadPage(FinancialSetupPage, "/financial-calendar");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Entity name cannot contain control characters")).toBeDefined();
    expect(screen.getByLabelText("Entity 1 name").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("Timeline Planning key dates", () => {
  it("refuses a key date on or after the go-live date, on that date's field", async () => {
    const api = installFakeApi(launchpadRoutes("timeline-planning"));
    renderLaunchpadPage(TimelinePlanningPage, "/timeline");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Go-live date"), "2099-03-01");
    await user.click(screen.getByRole("button", { name: "Add key date" }));
    await user.type(screen.getByLabelText("Key date 1 label"), "Year-end close");
    await user.type(screen.getByLabelText("Key date 1 date"), "2099-06-30");
    await user.click(screen.getByRole("button", { name: "Mark complete" }));

    expect(await screen.findByText('"Year-end close" must be before the go-live date')).toBeDefined();
    expect(screen.getByLabelText("Key date 1 date").getAttribute("aria-invalid")).toBe("true");
    expect(api.to("PUT /api/launchpad/pages/timeline-planning")).toEqual([]);
  });
});

describe("ERP Tenant", () => {
  it("shows the server's refusal when the NDA is not signed", async () => {
    installFakeApi({
      "GET /api/launchpad": { body: launchpadAnswer() },
      "PUT /api/launchpad/pages/acumatica-tenant": {
        status: 403,
        body: { error: { code: "forbidden", message: "Complete the NDA step first to access this page" } },
      },
    });
    renderLaunchpadPage(ErpTenantPage, "/acumatica-tenant");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Administrator name"), "Ana Lima");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Complete the NDA step first to access this page");
    expect(toasts.success).toEqual([]);
  });
});
