import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ESTIMATE_NAME_MAX } from "#common/contracts/pricing-estimates";
import { characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { CATALOG, renderPricing } from "#web/features/pricing-estimates/pricing-test-kit.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";

const CATALOG_ROUTE = "GET /api/pricing/catalog";
const LIST = "GET /api/pricing/estimates";
const CREATE = "POST /api/pricing/estimates";
const LONG = ESTIMATE_NAME_MAX + 40;
/** The contract's message for the name (labelled "Name" there), so the calculator and the server say the same. */
const TOO_LONG = characterLimitMessage("Name", ESTIMATE_NAME_MAX);

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderCalculator() {
  const api = installFakeApi({ [CATALOG_ROUTE]: { body: CATALOG }, [LIST]: { body: { estimates: [] } }, [CREATE]: { status: 500, body: null } });
  renderPricing("/price");
  await screen.findByRole("radio", { name: "Financial Edition" });
  const name = screen.getByLabelText("Estimate name (optional)") as HTMLInputElement;
  return { api, name, user: userEvent.setup() };
}

// Long text is kept, counted and refused, never cut (web/components/ui/character-count.tsx).
describe("the calculator's estimate name", () => {
  it("keeps a pasted over-long name whole, counts it and refuses to save it", async () => {
    const { api, name, user } = await renderCalculator();
    expect(name.hasAttribute("maxlength")).toBe(false);
    expect(name.getAttribute("aria-describedby")).toBe("estimate-name-hint estimate-name-count");
    await user.click(name);
    await user.paste("x".repeat(LONG));

    expect(name.value).toHaveLength(LONG);
    expect(screen.getByText(`${LONG} / ${ESTIMATE_NAME_MAX}`)).toBeDefined();
    expect(document.getElementById("estimate-name-count")?.textContent).toBe(`${LONG} / ${ESTIMATE_NAME_MAX} characters · 40 too many`);
    await user.click(screen.getByRole("button", { name: "Save estimate" }));

    expect(await screen.findByText(TOO_LONG)).toBeDefined();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("estimate-name-error estimate-name-hint estimate-name-count");
    expect(document.activeElement).toBe(name);
    expect(name.value).toHaveLength(LONG);
    expect(api.to(CREATE)).toEqual([]);
    expect(toasts.error).toEqual([]);
  });

  it("counts a name near the limit and takes it back once within it", async () => {
    const { name, user } = await renderCalculator();
    await user.type(name, "x".repeat(ESTIMATE_NAME_MAX - 11));
    expect(document.getElementById("estimate-name-count")?.textContent).toBe("");
    await user.type(name, "x");
    expect(screen.getByText(`${ESTIMATE_NAME_MAX - 10} / ${ESTIMATE_NAME_MAX}`)).toBeDefined();
    await user.paste("x".repeat(11));
    expect(screen.getByText(TOO_LONG)).toBeDefined();
    await user.type(name, "{Backspace}");
    expect(screen.queryByText(TOO_LONG)).toBeNull();
    expect(name.getAttribute("aria-invalid")).toBeNull();
  });
});
