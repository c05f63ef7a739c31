import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import BusinessSetupPage from "./business-setup-page.tsx";
import FinancialSetupPage from "./financial-setup-page.tsx";
import { launchpadAnswer, launchpadRoutes, renderLaunchpadPage } from "./launchpad-test-kit.tsx";
import TimelinePlanningPage from "./timeline-planning-page.tsx";

// Issue 26 item 6: answers at their edges. A currency is chosen from the ISO 4217 list (typed
// "dollars" became "DOL" before); text over its limit is kept, counted and refused, never cut.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Financial Setup's base currency", () => {
  it("is found by its code or its name and sent as its code", async () => {
    const api = installFakeApi(launchpadRoutes("financial-setup"));
    renderLaunchpadPage(FinancialSetupPage, "/financial-calendar");
    const user = userEvent.setup();
    const currency = await screen.findByRole("combobox", { name: "Base currency" });
    expect(currency.textContent).toBe("Choose…");

    await user.click(currency);
    const search = await screen.findByRole("combobox", { name: "Search currencies" });
    await user.type(search, "euro");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["EUR — Euro"]);
    await user.clear(search);
    await user.type(search, "dollars");
    expect(screen.getByText("No currency matches. Try its three-letter code or its name.")).toBeDefined();
    await user.clear(search);
    await user.type(search, "eur");
    expect(screen.getAllByRole("option")[0]?.textContent).toBe("EUR — Euro");
    await user.keyboard("{Enter}");
    expect(currency.textContent).toBe("EUR — Euro");
    expect(document.activeElement).toBe(currency);

    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Saved"]]));
    expect(api.to("PUT /api/launchpad/pages/financial-setup").map((request) => request.body)).toEqual([{ mode: "draft", answers: { base_currency: "EUR" } }]);
  });

  it("asks again for a saved code that is not on the list, and completion needs one", async () => {
    const saved = launchpadAnswer({ "financial-setup": { data_snapshot: { fiscal_year_start_month: 1, period_type: "monthly", base_currency: "DOL", entities: [{ name: "Acme" }] } } });
    const api = installFakeApi(launchpadRoutes("financial-setup", saved));
    renderLaunchpadPage(FinancialSetupPage, "/financial-calendar");
    const user = userEvent.setup();
    const currency = await screen.findByRole("combobox", { name: "Base currency" });
    expect(currency.textContent).toBe("Choose…");
    await user.click(screen.getByRole("button", { name: "Mark complete" }));
    expect(await screen.findByText("Base currency is required")).toBeDefined();
    expect(currency.getAttribute("aria-invalid")).toBe("true");
    expect(api.to("PUT /api/launchpad/pages/financial-setup")).toEqual([]);
  });
});

describe("a launchpad text answer over its limit", () => {
  it("keeps a 60,000-character paste whole, counts it and refuses to save it", async () => {
    const api = installFakeApi(launchpadRoutes("business-setup"));
    renderLaunchpadPage(BusinessSetupPage, "/goals");
    const user = userEvent.setup();
    const industry = (await screen.findByLabelText("Industry")) as HTMLInputElement;
    expect(industry.hasAttribute("maxlength")).toBe(false);
    await user.click(industry);
    await user.paste("x".repeat(60_000));

    expect(industry.value).toHaveLength(60_000);
    const count = screen.getByText("60,000 / 100");
    expect(industry.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Industry must be at most 100 characters")).toBeDefined();
    expect(industry.value).toHaveLength(60_000);
    expect(api.to("PUT /api/launchpad/pages/business-setup")).toEqual([]);
  });

  it("counts a list row's text too, from near its limit", async () => {
    installFakeApi(launchpadRoutes("timeline-planning"));
    renderLaunchpadPage(TimelinePlanningPage, "/timeline");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add key date" }));
    const label = screen.getByLabelText("Key date 1 label");
    fireEvent.input(label, { target: { value: "y".repeat(89) } });
    expect(screen.queryByText(/\/ 100$/)).toBeNull();
    fireEvent.input(label, { target: { value: "y".repeat(95) } });
    expect(screen.getByText("95 / 100")).toBeDefined();
  });
});
