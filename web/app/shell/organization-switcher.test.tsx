import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import {
  EMPLOYEE_ORGANIZATION_CHANGED,
  EMPLOYEE_SELECTED_ORG_KEY,
  clearSelectedOrganization,
  getSelectedOrganizationId,
  resolveEmployeeOrganization,
} from "#web/lib/selected-organization.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { OrganizationSwitcher } from "./organization-switcher.tsx";


const ACME = { id: "00000000-0000-4000-8000-00000000000a", organization_name: "Acme" };
const GLOBEX = { id: "00000000-0000-4000-8000-00000000000b", organization_name: "Globex" };
const INITECH = { id: "00000000-0000-4000-8000-00000000000c", organization_name: "Initech" };

let queryClient: QueryClient;
let changes: string[];
const onChanged = (event: Event) => changes.push((event as CustomEvent<{ organizationId: string }>).detail.organizationId);

function renderSwitcher(name = "Acme") {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/dashboard"]}>
        <Routes>
          <Route path="/dashboard" element={<OrganizationSwitcher name={name} />} />
          <Route path="/portfolio" element={<h1>Portfolio page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it("leads to the portfolio of every organization", async () => {
  renderSwitcher();
  await openSwitcher();
  await userEvent.click(screen.getByRole("option", { name: "Portfolio of every organization" }));
  expect(await screen.findByRole("heading", { name: "Portfolio page" })).toBeDefined();
});

async function openSwitcher() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Organization: Acme" }));
  return user;
}

beforeEach(() => {
  window.localStorage.clear();
  clearSelectedOrganization();
  changes = [];
  window.addEventListener(EMPLOYEE_ORGANIZATION_CHANGED, onChanged);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.employeeOrganizations, [ACME, GLOBEX]);
  resolveEmployeeOrganization([ACME, GLOBEX]);
});

afterEach(() => {
  window.removeEventListener(EMPLOYEE_ORGANIZATION_CHANGED, onChanged);
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("OrganizationSwitcher", () => {
  it("shows the acting organization's name on a named combobox button", () => {
    renderSwitcher();
    const button = screen.getByRole("combobox", { name: "Organization: Acme" });
    expect(within(button).getByTestId("organization-name").textContent).toBe("Acme");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("lists the organizations and filters them by name", async () => {
    renderSwitcher();
    const user = await openSwitcher();
    const search = screen.getByPlaceholderText("Select organization...");
    expect(screen.getByRole("option", { name: "Acme" })).toBeDefined();
    expect(screen.getByRole("option", { name: "Globex" })).toBeDefined();
    expect(screen.getByRole("option", { name: "Create organization" })).toBeDefined();

    await user.type(search, "GLO");
    expect(screen.queryByRole("option", { name: "Acme" })).toBeNull();
    expect(screen.getByRole("option", { name: "Globex" })).toBeDefined();
    expect(screen.queryByText("No organization found.")).toBeNull();

    await user.clear(search);
    await user.type(search, "zzz");
    expect(screen.queryByRole("option", { name: "Globex" })).toBeNull();
    expect(screen.getByText("No organization found.")).toBeDefined();
    expect(screen.getByRole("option", { name: "Create organization" })).toBeDefined();
  });

  it("switching stores the choice, announces it and closes the list", async () => {
    renderSwitcher();
    const user = await openSwitcher();
    await user.click(screen.getByRole("option", { name: "Globex" }));
    expect(getSelectedOrganizationId()).toBe(GLOBEX.id);
    expect(window.localStorage.getItem(EMPLOYEE_SELECTED_ORG_KEY)).toBe(GLOBEX.id);
    expect(changes).toEqual([GLOBEX.id]);
    expect(screen.queryByPlaceholderText("Select organization...")).toBeNull();
  });

  it("choosing the current organization changes nothing", async () => {
    renderSwitcher();
    const user = await openSwitcher();
    await user.click(screen.getByRole("option", { name: "Acme" }));
    expect(getSelectedOrganizationId()).toBe(ACME.id);
    expect(changes).toEqual([]);
  });

  it("creates an organization, invites its first member and switches to it", async () => {
    const api = installFakeApi({
      "POST /api/employee/organizations": {
        status: 201,
        body: {
          organization: { id: INITECH.id, organization_name: "Initech", display_name: "Initech" },
          invitation: { id: "00000000-0000-4000-8000-0000000000d1", email: "peter@initech.example", role: "member_admin", sent_at: "2030-01-01T00:00:00.000Z", expires_at: "2030-01-08T00:00:00.000Z", expired: false },
        },
      },
      "GET /api/employee/organizations": { body: [ACME, GLOBEX, INITECH] },
    });
    renderSwitcher();
    const user = await openSwitcher();
    await user.click(screen.getByRole("option", { name: "Create organization" }));

    const dialog = await screen.findByRole("dialog", { name: "Create organization" });
    await user.type(within(dialog).getByLabelText("Organization name"), "  Initech ");
    await user.type(within(dialog).getByLabelText("Invite first member"), "Peter@Initech.example");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST /api/employee/organizations").map((request) => request.body)).toEqual([
      { organization_name: "Initech", first_member: { email: "Peter@Initech.example", role: "member_admin" } },
    ]);
    expect(toasts.success).toEqual([["Organization created", { description: "Invitation sent to peter@initech.example" }]]);
    expect(getSelectedOrganizationId()).toBe(INITECH.id);
    expect(changes).toEqual([INITECH.id]);
    expect(queryClient.getQueryData(queryKeys.employeeOrganizations)).toEqual([ACME, GLOBEX, INITECH]);
  });

  it("creates without an invitation when the email is left empty, and shows the server's field errors", async () => {
    const api = installFakeApi({
      "POST /api/employee/organizations": {
        status: 409,
        body: { error: { code: "conflict", message: "An organization with this name already exists", details: [{ path: "organization_name", message: "An organization with this name already exists" }] } },
      },
    });
    renderSwitcher();
    const user = await openSwitcher();
    await user.click(screen.getByRole("option", { name: "Create organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Create organization" });
    await user.type(within(dialog).getByLabelText("Organization name"), "Globex");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));

    expect(await within(dialog).findByText("An organization with this name already exists")).toBeDefined();
    expect(within(dialog).getByLabelText("Organization name").getAttribute("aria-invalid")).toBe("true");
    expect(api.to("POST /api/employee/organizations")[0]?.body).toEqual({ organization_name: "Globex", first_member: null });
    expect(getSelectedOrganizationId()).toBe(ACME.id);
  });

  it("shows a refused first member on the invitation field", async () => {
    installFakeApi({
      "POST /api/employee/organizations": {
        status: 409,
        body: { error: { code: "conflict", message: "This person already has an account", details: [{ path: "email", message: "This person already has an account" }] } },
      },
    });
    renderSwitcher();
    const user = await openSwitcher();
    await user.click(screen.getByRole("option", { name: "Create organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Create organization" });
    await user.type(within(dialog).getByLabelText("Organization name"), "Initech");
    await user.type(within(dialog).getByLabelText("Invite first member"), "ana@acme.example");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));
    expect(await within(dialog).findByText("This person already has an account")).toBeDefined();
    expect(within(dialog).getByLabelText("Invite first member").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByLabelText("Organization name").getAttribute("aria-invalid")).toBeNull();
  });

  it("checks the fields before sending", async () => {
    const api = installFakeApi();
    renderSwitcher();
    const user = await openSwitcher();
    await user.click(screen.getByRole("option", { name: "Create organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Create organization" });
    await user.type(within(dialog).getByLabelText("Invite first member"), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));
    expect(await within(dialog).findByText("Organization name is required")).toBeDefined();
    expect(within(dialog).getByText("Enter a valid email address")).toBeDefined();
    expect(api.requests).toEqual([]);
  });
});
