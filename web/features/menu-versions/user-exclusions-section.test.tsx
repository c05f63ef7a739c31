import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Team } from "#common/contracts/team";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACME_ID, organizationMenu } from "./menu-test-answers.ts";
import { UserExclusionsSection } from "./user-exclusions-section.tsx";


const ana = {
  id: "user-ana",
  email: "ana@acme.example",
  full_name: "Ana Lopez",
  company_role: null,
  role: "member_user",
  is_employee: false,
  last_sign_in_at: null,
};
const bo = { ...ana, id: "user-bo", email: "bo@acme.example", full_name: null };
const TEAM: Team = { members: [ana, bo], invitations: [], can_manage: true };

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UserExclusionsSection organizationId={ACME_ID} organizationName="Acme" canSwitchOrganization />
    </QueryClientProvider>,
  );
}

const menuPath = `GET /api/admin/organizations/${ACME_ID}/menu-version`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("UserExclusionsSection", () => {
  it("replaces a member's hidden items, starting from the current ones", async () => {
    const api = installFakeApi({
      "GET /api/team": { body: TEAM },
      [menuPath]: { body: organizationMenu(ACME_ID, null, { user_exclusions: [{ user_id: "user-ana", email: ana.email, items: ["tasks"] }] }) },
      "PUT /api/admin/users/user-ana/menu-exclusions": { body: { user_id: "user-ana", items: ["issues", "tasks"] } },
    });
    renderSection();
    expect(screen.getByRole("heading", { name: "User exclusions" })).toBeDefined();
    expect(await screen.findByText(": Tasks", { exact: false })).toBeDefined();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Member" }));
    await user.click(await screen.findByRole("option", { name: "Ana Lopez (ana@acme.example)" }));

    expect(screen.getByRole("group", { name: "Hidden items for Ana Lopez" })).toBeDefined();
    expect((screen.getByLabelText("Tasks") as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText("Issues"));
    await user.click(screen.getByRole("button", { name: "Save exclusions" }));

    await vi.waitFor(() => expect(toasts.success).toEqual([["Menu exclusions saved", { description: "Ana Lopez: 2 items hidden." }]]));
    expect(api.to("PUT /api/admin/users/user-ana/menu-exclusions").map((request) => request.body)).toEqual([{ items: ["tasks", "issues"] }]);
  });

  it("toasts the server's message when saving fails", async () => {
    installFakeApi({
      "GET /api/team": { body: TEAM },
      [menuPath]: { body: organizationMenu(ACME_ID, null) },
      "PUT /api/admin/users/user-bo/menu-exclusions": { status: 404, body: { error: { code: "not_found", message: "User not found" } } },
    });
    renderSection();
    expect(await screen.findByText("No member has hidden items.")).toBeDefined();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Member" }));
    await user.click(await screen.findByRole("option", { name: "bo@acme.example" }));
    await user.click(screen.getByLabelText("Files"));
    await user.click(screen.getByRole("button", { name: "Save exclusions" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "User not found" }]]));
  });

  it("says when the organization has no members, and shows load failures", async () => {
    installFakeApi({ "GET /api/team": { body: { members: [], invitations: [], can_manage: true } }, [menuPath]: { body: organizationMenu(ACME_ID, null) } });
    renderSection();
    expect(screen.getByText("Loading members...")).toBeDefined();
    expect(await screen.findByText("This organization has no members yet.")).toBeDefined();
    document.body.innerHTML = "";

    installFakeApi({
      "GET /api/team": { body: TEAM },
      [menuPath]: { status: 403, body: { error: { code: "forbidden", message: "Only the provider administrator can manage menu versions" } } },
    });
    renderSection();
    expect((await screen.findByRole("alert")).textContent).toContain("Only the provider administrator can manage menu versions");
  });
});
