import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { OrganizationProfile } from "#common/contracts/organization-profile";
import { PROFILE_READ_ONLY_REASON } from "#common/domain/organization-profile";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { cardByHeading } from "#web/lib/testing/render-page.tsx";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import OrganizationProfilePage from "./organization-profile-page.tsx";

const GET = "GET /api/organization/profile";
const PUT = "PUT /api/organization/profile";

const EMPTY: OrganizationProfile = {
  organization_id: "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10",
  display_name: "Acme",
  legal_name: null,
  registered_address: null,
  billing_address: null,
  tax_ids: [],
  industry: null,
  company_size: null,
  time_zone: "Europe/Berlin",
  base_currency: { code: null, name: null, answered_in: { page_id: "financial-setup", label: "Financial Setup", route: "/financial-calendar" } },
  logo: null,
  updated_at: null,
  can_edit: true,
};

const FILLED: OrganizationProfile = {
  ...EMPTY,
  legal_name: "Acme Holdings GmbH",
  registered_address: { street_line_1: "Hauptstraße 1", street_line_2: null, city: "Berlin", region: null, postal_code: "10115", country: "DE" },
  tax_ids: [{ kind: "vat", value: "DE123456789" }],
  industry: "manufacturing",
  company_size: "51-200",
  base_currency: { ...EMPTY.base_currency, code: "EUR", name: "Euro" },
  logo: { version: "3f0c2a4e-1111-4a4a-9a9a-000000000001", content_type: "image/png", size: 68 },
  updated_at: "2030-03-01T09:00:00.000Z",
  can_edit: false,
};

/** The page at /organization in a data router: the unsaved-changes guard needs one. */
function renderProfilePage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/organization", element: <OrganizationProfilePage /> }], { initialEntries: ["/organization"] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OrganizationProfilePage", { timeout: 45_000 }, () => {
  it("shows a member user the profile read-only, with why and where the base currency comes from", async () => {
    installFakeApi({ [GET]: { body: FILLED } });
    renderProfilePage();
    expect(await screen.findByText(PROFILE_READ_ONLY_REASON)).toBeDefined();
    expect(screen.getByText("Acme Holdings GmbH")).toBeDefined();
    expect(screen.getByText("Manufacturing")).toBeDefined();
    expect(screen.getByText("51–200 employees")).toBeDefined();
    expect(screen.getByText("Berlin 10115")).toBeDefined();
    expect(screen.getByText("Same as the registered address")).toBeDefined();
    expect(screen.getByText("EUR — Euro")).toBeDefined();
    expect(screen.getByRole("link", { name: "Financial Setup" }).getAttribute("href")).toBe("/financial-calendar");
    expect(screen.getByRole("img", { name: "Acme logo" }).getAttribute("src")).toBe(`/api/organization/profile/logo?v=${FILLED.logo?.version}`);

    expect(screen.queryAllByRole("textbox")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: /logo/ })).toBeNull();
  });

  it("lets an admin fill the profile and sends it whole, Save enabled only once something changed", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ [GET]: { body: EMPTY }, [PUT]: ({ body }) => ({ body: { ...EMPTY, ...(body as object), updated_at: "2030-03-02T09:00:00.000Z" } }) });
    renderProfilePage();
    const save = (await screen.findByRole("button", { name: "Save" })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.queryByText(PROFILE_READ_ONLY_REASON)).toBeNull();
    expect(screen.getByText("Not set yet")).toBeDefined();

    // Pasted, not typed: each keystroke renders the whole form again.
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(screen.getByRole("textbox", { name: "Legal name" }), "Acme Holdings GmbH");
    expect(save.disabled).toBe(false);
    const registered = cardByHeading("Registered address");
    await fill(within(registered).getByRole("textbox", { name: "Street" }), "Hauptstraße 1");
    await fill(within(registered).getByRole("textbox", { name: "City" }), "Berlin");
    await user.click(within(registered).getByRole("combobox", { name: "Country" }));
    await user.paste("germ");
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Add tax identifier" }));
    await fill(screen.getByRole("textbox", { name: "Number" }), "DE123456789");
    // A billing address chosen but left empty is none: invoices go to the registered one.
    const separateBilling = screen.getByRole("checkbox", { name: "Send invoices to a separate billing address" }) as HTMLInputElement;
    await user.click(separateBilling);
    expect(within(cardByHeading("Billing address")).getByRole("textbox", { name: "Street" })).toBeDefined();
    await user.click(save);

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("Organization profile saved", undefined));
    expect(api.to(PUT).map((request) => request.body)).toEqual([
      {
        legal_name: "Acme Holdings GmbH",
        registered_address: { street_line_1: "Hauptstraße 1", street_line_2: null, city: "Berlin", region: null, postal_code: null, country: "DE" },
        billing_address: null,
        tax_ids: [{ kind: "vat", value: "DE123456789" }],
        industry: null,
        company_size: null,
        time_zone: "Europe/Berlin",
      },
    ]);
    await vi.waitFor(() => expect(save.disabled).toBe(true));
    expect(separateBilling.checked).toBe(false);
  });

  it("shows the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    installFakeApi({
      [GET]: { body: { ...FILLED, can_edit: true } },
      [PUT]: {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "legal_name: Legal name is already used by another organization",
            details: [
              { path: "legal_name", message: "Legal name is already used by another organization" },
              { path: "tax_ids.0.value", message: "This tax identifier is already listed" },
            ],
          },
        },
      },
    });
    renderProfilePage();
    const legalName = await screen.findByRole("textbox", { name: "Legal name" });
    await user.type(legalName, " AG");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Legal name is already used by another organization")).toBeDefined();
    expect(legalName.getAttribute("aria-invalid")).toBe("true");
    const number = screen.getByRole("textbox", { name: "Number" });
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(number.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent).toBe("This tax identifier is already listed");
    expect(toast.error).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect((legalName as HTMLInputElement).value).toBe("Acme Holdings GmbH");
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
