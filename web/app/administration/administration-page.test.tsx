import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "#common/contracts/account";
import type { NdaTemplate } from "#common/contracts/nda";
import { clearSelectedOrganization, selectEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import AdministrationPage from "./administration-page.tsx";


const ACME_ID = "00000000-0000-4000-8000-0000000000b1";
const GLOBEX_ID = "00000000-0000-4000-8000-0000000000b2";
const ADMIN: CurrentUser = { ...ANA, id: "user-admin", email: "admin@provider.example", full_name: "Ada Admin", is_employee: true, organization_id: null };
const TEMPLATE: NdaTemplate = { version: 3, title: "Mutual NDA", body: "Both parties agree.", is_default: false, updated_at: null };

function menuOf(organizationId: string) {
  return { organization_id: organizationId, menu_version: null, effective_version: "v1", menu_config: { excludeItems: [], customPermissions: {} }, user_exclusions: [] };
}

const COMMON_ANSWERS = {
  "GET /api/admin/menu-versions": { body: [] },
  "GET /api/organization": { body: { id: ACME_ID, organization_name: "Acme", display_name: "Acme" } },
  "GET /api/nda/template": { body: TEMPLATE },
  "GET /api/team": { body: { members: [], invitations: [], can_manage: true } },
  [`GET /api/admin/organizations/${ACME_ID}/menu-version`]: { body: menuOf(ACME_ID) },
  [`GET /api/admin/organizations/${GLOBEX_ID}/menu-version`]: { body: menuOf(GLOBEX_ID) },
};

beforeEach(() => {
  clearSelectedOrganization();
});

afterEach(() => {
  clearSelectedOrganization();
  vi.unstubAllGlobals();
});

describe("AdministrationPage", () => {
  it("composes the sections for an employee administrator and opens the NDA template editor", async () => {
    const api = installFakeApi({
      ...COMMON_ANSWERS,
      "GET /api/employee/organizations": {
        body: [
          { id: ACME_ID, organization_name: "Acme" },
          { id: GLOBEX_ID, organization_name: "Globex" },
        ],
      },
    });
    selectEmployeeOrganization(ACME_ID);
    renderWithCurrentUser(<AdministrationPage />, ADMIN);

    expect(screen.getByRole("heading", { name: "Administration", level: 1 })).toBeDefined();
    for (const name of ["Menu versions", "Organizations", "NDA template", "User exclusions"]) {
      expect(screen.getByRole("heading", { name, level: 2 })).toBeDefined();
    }
    expect(await screen.findByRole("combobox", { name: "Menu version for Globex" })).toBeDefined();
    expect(await screen.findByText("This organization has no members yet.")).toBeDefined();
    expect(screen.getByText(/To manage another organization's members, switch to it in the header first\./)).toBeDefined();

    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit NDA template" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit NDA template" });
    expect((within(dialog).getByLabelText("Title") as HTMLInputElement).value).toBe("Mutual NDA");
    expect(api.to("GET /api/employee/organizations")).toHaveLength(1);
  });

  it("lists only a member administrator's own organization and leaves the NDA template to employees", async () => {
    const api = installFakeApi(COMMON_ANSWERS);
    renderWithCurrentUser(<AdministrationPage />, { ...ADMIN, is_employee: false, organization_id: ACME_ID });

    expect(await screen.findByRole("combobox", { name: "Menu version for Acme" })).toBeDefined();
    expect(screen.getByText("Only provider employees can list every organization; this list holds your own.")).toBeDefined();
    expect(screen.getByText("Only provider employees can edit the NDA template.")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Edit NDA template" })).toBeNull();
    expect(await screen.findByText("This organization has no members yet.")).toBeDefined();
    expect(api.to("GET /api/employee/organizations")).toEqual([]);
    expect(api.to("GET /api/nda/template")).toEqual([]);
  });
});
