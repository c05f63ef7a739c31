import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SKIP_LEAVE_GUARD } from "#web/features/pricing-estimates/components/calculator-leave-guard.tsx";
import { CATALOG, ESTIMATE_IDS, currentUrl, estimateSummary, estimateWith, lineOf, renderPricing } from "#web/features/pricing-estimates/pricing-test-kit.tsx";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const { first, second } = ESTIMATE_IDS;
const ONE = `/api/pricing/estimates/${first}`;

const opened = estimateWith([lineOf("SE", "SE-BASE"), lineOf("SE", "SE-WMS", 4)], {
  id: first,
  name: "Warehouse plan",
  edition_id: "SE",
  is_primary: true,
  updated_at: "2030-01-03T10:00:00.000Z",
});
const other = estimateSummary({ id: second, name: "Second thoughts" });

function listAnswer() {
  return { body: { estimates: [estimateSummary({ ...opened }), other] } };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an estimate opened in the calculator", () => {
  it("loads its edition, name and add-ons, and saves changes to it", async () => {
    const updated = { ...opened, name: "Warehouse plan v2", updated_at: "2030-01-04T10:00:00.000Z" };
    const api = installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: opened },
      [`PUT ${ONE}`]: { body: updated },
    });
    const { router } = renderPricing(`/price?estimate=${first}`);
    const user = userEvent.setup();

    expect(((await screen.findByRole("radio", { name: "Standard Edition" })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Warehouse plan", { selector: "strong" })).toBeDefined();
    expect((screen.getByRole("checkbox", { name: "Warehouse Management" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("textbox", { name: "Quantity of Warehouse Management" }) as HTMLInputElement).value).toBe("4");
    expect((screen.getByLabelText("Estimate name (optional)") as HTMLInputElement).value).toBe("Warehouse plan");
    // 2,450.00 + 4 × 612.25
    expect(screen.getByTestId("calculator-monthly-total").textContent).toBe("$4,899/mo");
    const save = screen.getByRole("button", { name: "Save changes" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const quantity = screen.getByRole("textbox", { name: "Quantity of Warehouse Management" });
    await user.clear(quantity);
    await user.type(quantity, "5");
    const name = screen.getByLabelText("Estimate name (optional)");
    await user.clear(name);
    await user.type(name, "Warehouse plan v2");
    await user.click(save);

    await vi.waitFor(() => expect(toasts.success).toEqual([["Success", { description: "Estimate has been saved." }]]));
    expect(api.to(`PUT ${ONE}`).map((request) => request.body)).toEqual([
      { name: "Warehouse plan v2", edition_id: "SE", lines: [{ inventory_id: "SE-WMS", quantity: 5 }] },
    ]);
    expect(currentUrl(router)).toBe(`/price?estimate=${first}`);
    expect(await screen.findByText("Warehouse plan v2", { selector: "strong" })).toBeDefined();
  });

  it("saves a copy as a new estimate and opens it", async () => {
    const copy = { ...opened, id: second, name: "Warehouse plan", is_primary: false };
    const api = installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: opened },
      "POST /api/pricing/estimates": { status: 201, body: copy },
      [`GET /api/pricing/estimates/${second}`]: { body: copy },
    });
    const { router } = renderPricing(`/price?estimate=${first}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save as new estimate" }));

    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/price?estimate=${second}`));
    expect(api.to("POST /api/pricing/estimates").map((request) => request.body)).toEqual([
      { name: "Warehouse plan", edition_id: "SE", lines: [{ inventory_id: "SE-WMS", quantity: 4 }] },
    ]);
    expect(api.to(`PUT ${ONE}`)).toEqual([]);
  });

  it("shows a locked estimate read-only, with its own prices", async () => {
    const locked = estimateWith([lineOf("EE", "EE-BASE"), lineOf("EE", "EE-MFG", 2)], {
      id: first,
      name: "Locked plan",
      edition_id: "EE",
      is_primary: true,
      is_locked: true,
      locked_at: "2030-01-05T10:00:00.000Z",
      locked_by_name: "Mia Admin",
    });
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": { body: { estimates: [estimateSummary({ ...locked })] } },
      [`GET ${ONE}`]: { body: locked },
    });
    renderPricing(`/price?estimate=${first}`);

    const view = await screen.findByTestId("locked-estimate");
    expect(within(view).getByText("This estimate is locked.")).toBeDefined();
    expect(within(view).getByText(/by Mia Admin\./)).toBeDefined();
    const lines = within(view)
      .getAllByTestId("estimate-line")
      .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ["Enterprise Edition subscription", "Enterprise", "$4,800.00", "1", "$4,800.00"],
      ["Manufacturing", "Manufacturing", "$1,499.00", "2", "$2,998.00"],
    ]);
    expect(within(view).getByTestId("estimate-monthly-total").textContent).toBe("$7,798/mo");
    expect(screen.queryByRole("form", { name: "Price calculator" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("says when add-ons of the estimate are no longer offered", async () => {
    const stale = { ...opened, lines: [...opened.lines, { ...lineOf("SE", "SE-WMS"), inventory_id: "SE-GONE" }], excluded_line_count: 1 };
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: stale },
    });
    renderPricing(`/price?estimate=${first}`);
    expect(await screen.findByText("2 add-ons of this estimate are no longer offered and left out.")).toBeDefined();
  });

  it("asks before unsaved changes are left behind, by leaving or by opening another estimate", async () => {
    const api = installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: opened },
      [`GET /api/pricing/estimates/${second}`]: { body: { ...opened, ...other, lines: [] } },
    });
    const { router } = renderPricing(`/price?estimate=${first}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Warehouse Management" }));

    await user.click(screen.getByRole("link", { name: "Leave" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    expect(currentUrl(router)).toBe(`/price?estimate=${first}`);

    await user.click(screen.getByRole("link", { name: "Open Second thoughts" }));
    const again = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(again).getByRole("button", { name: "Discard Changes" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/price?estimate=${second}`));
    expect(await screen.findByText("Second thoughts", { selector: "strong" })).toBeDefined();
    expect(api.to(`GET /api/pricing/estimates/${second}`)).toHaveLength(1);
  });

  it("still asks when Back returns to the entry a save left behind", async () => {
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: opened },
      [`GET /api/pricing/estimates/${second}`]: { body: { ...opened, ...other, lines: [] } },
    });
    // The entry before is the one a save navigated to, with the state that let that move through.
    const saved = { pathname: "/price", search: `?estimate=${second}`, state: SKIP_LEAVE_GUARD };
    const { router } = renderPricing([saved, `/price?estimate=${first}`]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Warehouse Management" }));

    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    expect(currentUrl(router)).toBe(`/price?estimate=${first}`);
  });

  it("opens another estimate at once when nothing is unsaved", async () => {
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: opened },
      [`GET /api/pricing/estimates/${second}`]: { body: { ...opened, ...other, lines: [] } },
    });
    const { router } = renderPricing(`/price?estimate=${first}`);
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Standard Edition" });
    await user.click(screen.getByRole("link", { name: "Open Second thoughts" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/price?estimate=${second}`));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("follows a save made elsewhere unless the calculator has edits of its own", async () => {
    const api = installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "GET /api/pricing/estimates": listAnswer(),
      [`GET ${ONE}`]: { body: opened },
    });
    const { queryClient } = renderPricing(`/price?estimate=${first}`);
    const user = userEvent.setup();
    const quantity = (await screen.findByRole("textbox", { name: "Quantity of Warehouse Management" })) as HTMLInputElement;

    const elsewhere = estimateWith([lineOf("SE", "SE-BASE"), lineOf("SE", "SE-WMS", 7)], { ...opened, updated_at: "2030-01-04T00:00:00.000Z" });
    api.answer(`GET ${ONE}`, { body: elsewhere });
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.estimate(first) }));
    await vi.waitFor(() => expect(quantity.value).toBe("7"));

    await user.clear(quantity);
    await user.type(quantity, "9");
    api.answer(`GET ${ONE}`, { body: { ...elsewhere, updated_at: "2030-01-05T00:00:00.000Z" } });
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.estimate(first) }));
    expect(api.to(`GET ${ONE}`)).toHaveLength(3);
    expect(quantity.value).toBe("9");
  });
});
