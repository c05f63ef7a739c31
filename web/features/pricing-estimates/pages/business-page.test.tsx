import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Access } from "#common/contracts/access";
import { CATALOG, ESTIMATE_IDS, currentUrl, estimateWith, lineOf, renderPricing } from "#web/features/pricing-estimates/pricing-test-kit.tsx";
import { accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const QUICK = "POST /api/pricing/quick-estimate";

function accessAnswer(businessAspects: string[]): Access {
  return accessAnswerFor({ businessAspects, launchpadPercent: 0 });
}

function checkedAspects(): string[] {
  return within(screen.getByRole("group", { name: "What does your business do?" }))
    .getAllByRole("checkbox")
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value);
}

function recommendation(): string {
  return screen.getByTestId("recommended-edition").textContent ?? "";
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the quick estimate", () => {
  it("starts from the saved business aspects and shows the recommendation as the answers change", async () => {
    installFakeApi({ "GET /api/access": { body: accessAnswer(["distribution", "Mining"]) }, "GET /api/pricing/catalog": { body: CATALOG } });
    renderPricing("/business");
    const user = userEvent.setup();
    expect(screen.getByRole("heading", { level: 1, name: "Quick estimate" })).toBeDefined();
    await screen.findByRole("group", { name: "What does your business do?" });
    expect(checkedAspects()).toEqual(["Distribution"]);
    expect(recommendation()).toBe("Recommended edition: Standard Edition");
    expect(screen.getByTestId("recommended-total").textContent).toBe("Choose your company size to see an approximate monthly price.");

    await user.click(screen.getByRole("checkbox", { name: "Manufacturing" }));
    expect(recommendation()).toBe("Recommended edition: Enterprise Edition");
    await user.click(screen.getByRole("radio", { name: "11-50 people" }));
    // 4,800.00 base + 1,499.00 manufacturing + 2 user packs × 450.00
    expect(screen.getByTestId("recommended-total").textContent).toBe("About $7,199/mo with the add-ons for your answers.");

    await user.click(screen.getByRole("checkbox", { name: "Manufacturing" }));
    await user.click(screen.getByRole("checkbox", { name: "Distribution" }));
    expect(recommendation()).toBe("Recommended edition: Financial Edition");
  });

  it("starts empty when the saved answer cannot be read", async () => {
    installFakeApi({
      "GET /api/access": { status: 500, body: { error: { code: "internal", message: "Something went wrong" } } },
      "GET /api/pricing/catalog": { body: CATALOG },
    });
    renderPricing("/business");
    await screen.findByRole("group", { name: "What does your business do?" });
    expect(checkedAspects()).toEqual([]);
    expect(recommendation()).toBe("Recommended edition: Financial Edition");
  });

  it("needs the company size", async () => {
    const api = installFakeApi({ "GET /api/access": { body: accessAnswer([]) }, "GET /api/pricing/catalog": { body: CATALOG } });
    renderPricing("/business");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Get my estimate" }));
    expect(await screen.findByText("Choose the size of your company")).toBeDefined();
    expect(screen.getByRole("radio", { name: "1-10 people" }).getAttribute("aria-invalid")).toBe("true");
    expect(api.to(QUICK)).toEqual([]);
  });

  it("creates the estimate and opens it in the calculator", async () => {
    const created = estimateWith([lineOf("SE", "SE-BASE"), lineOf("SE", "SE-WMS")], {
      id: ESTIMATE_IDS.first,
      name: "Quick estimate: Standard Edition",
      edition_id: "SE",
      source: "quick",
      is_primary: true,
    });
    const api = installFakeApi({
      "GET /api/access": { body: accessAnswer([]) },
      "GET /api/pricing/catalog": { body: CATALOG },
      [QUICK]: { status: 201, body: created },
      "GET /api/pricing/estimates": { body: { estimates: [created] } },
      [`GET /api/pricing/estimates/${ESTIMATE_IDS.first}`]: { body: created },
    });
    const { router } = renderPricing("/business");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Distribution" }));
    await user.click(screen.getByRole("checkbox", { name: "Services" }));
    await user.click(screen.getByRole("radio", { name: "51-200 people" }));
    await user.click(screen.getByRole("button", { name: "Get my estimate" }));

    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/price?estimate=${ESTIMATE_IDS.first}`));
    expect(api.to(QUICK).map((request) => request.body)).toEqual([{ business_aspects: ["Distribution", "Services"], company_size: "51-200" }]);
    expect(toasts.success).toEqual([["Success", { description: "Quick estimate has been created." }]]);
    expect(await screen.findByText("Quick estimate: Standard Edition", { selector: "strong" })).toBeDefined();
    expect((screen.getByRole("checkbox", { name: "Warehouse Management" }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the server's refusal on its field and says the estimate was not created", async () => {
    installFakeApi({
      "GET /api/access": { body: accessAnswer([]) },
      "GET /api/pricing/catalog": { body: CATALOG },
      [QUICK]: {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Check the highlighted fields",
            details: [{ path: "business_aspects.0", message: "Choose business aspects from the list" }],
          },
        },
      },
    });
    const { router } = renderPricing("/business");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "eCommerce" }));
    await user.click(screen.getByRole("radio", { name: "1-10 people" }));
    await user.click(screen.getByRole("button", { name: "Get my estimate" }));

    expect(await screen.findByText("Choose business aspects from the list")).toBeDefined();
    expect(toasts.error).toEqual([["Error", { description: "Failed to create quick estimate." }]]);
    expect(currentUrl(router)).toBe("/business");
  });
});
