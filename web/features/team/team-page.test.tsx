import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Team } from "#common/contracts/team";
import { PROVIDER_STAFF_ADDRESS_MESSAGE } from "#common/domain/access";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import TeamPage from "./team-page.tsx";


const mia = {
  id: "user-mia",
  email: "mia@acme.example",
  full_name: "Mia Admin",
  company_role: "Executive",
  role: "member_admin",
  is_employee: false,
  last_sign_in_at: "2030-01-02T09:30:00.000Z",
};
const ana = { ...mia, id: "user-ana", email: "ana@acme.example", full_name: "Ana Lopez", company_role: null, role: "member_user", last_sign_in_at: null };
const pending = {
  id: "00000000-0000-4000-8000-0000000000c1",
  email: "new@acme.example",
  role: "member_admin",
  sent_at: "2030-01-01T00:00:00.000Z",
  expires_at: "2030-01-08T00:00:00.000Z",
  expired: false,
};
const expired = { ...pending, id: "00000000-0000-4000-8000-0000000000c2", email: "late@acme.example", role: "member_user", expired: true };

function teamAnswer(canManage: boolean): Team {
  return { members: [mia, ana], invitations: [pending, expired], can_manage: canManage };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The signed-in user is Mia, as the shell has already read her from /api/me.
  queryClient.setQueryDefaults(queryKeys.currentUser, { staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(queryKeys.currentUser, { ...ANA, id: "user-mia", email: "mia@acme.example", role: "member_admin" });
  render(
    <QueryClientProvider client={queryClient}>
      <TeamPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("TeamPage for a manager", () => {
  it("lists members and invitations with their actions, but none on the manager's own row", async () => {
    installFakeApi({ "GET /api/team": { body: teamAnswer(true) } });
    renderPage();
    expect(screen.getByRole("heading", { name: "Team", level: 1 })).toBeDefined();
    const anaRow = (await screen.findByText("ana@acme.example")).closest("tr");
    if (!anaRow) throw new Error("no row for Ana");
    expect(within(anaRow).getByText("Ana Lopez")).toBeDefined();
    expect(within(anaRow).getByText("Never")).toBeDefined();
    expect(within(anaRow).getByRole("combobox", { name: "Role for Ana Lopez" }).textContent).toContain("Member User");
    expect(within(anaRow).getByRole("button", { name: "Remove Ana Lopez" })).toBeDefined();

    const miaRow = screen.getByText("mia@acme.example").closest("tr");
    if (!miaRow) throw new Error("no row for Mia");
    expect(within(miaRow).getByText("You")).toBeDefined();
    expect(within(miaRow).getByText("Member Admin")).toBeDefined();
    expect(within(miaRow).getByText("Executive")).toBeDefined();
    expect(within(miaRow).queryByRole("button")).toBeNull();
    expect(within(miaRow).queryByRole("combobox")).toBeNull();

    expect(screen.getByRole("heading", { name: "Pending invitations" })).toBeDefined();
    expect(screen.getByText("Expired")).toBeDefined();
    expect(screen.getByRole("button", { name: "Resend invitation to new@acme.example" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Revoke invitation to late@acme.example" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Invite member" })).toBeDefined();
    expect(screen.queryByText("Only organization admins can change the team.")).toBeNull();
  });

  it("invites a member with the chosen role", async () => {
    const api = installFakeApi({
      "GET /api/team": { body: teamAnswer(true) },
      "POST /api/team/invitations": { status: 201, body: { ...pending, email: "bo@acme.example" } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite member" });
    await user.type(within(dialog).getByLabelText("Email"), "bo@acme.example");
    await user.click(within(dialog).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Member Admin" }));
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST /api/team/invitations").map((request) => request.body)).toEqual([{ email: "bo@acme.example", role: "member_admin" }]);
    expect(toasts.success).toEqual([["Invitation sent", { description: "An invitation was emailed to bo@acme.example." }]]);
    await vi.waitFor(() => expect(api.to("GET /api/team")).toHaveLength(2));
  });

  it("shows the server's refusal of a provider staff address on the email field", async () => {
    installFakeApi({
      "GET /api/team": { body: teamAnswer(true) },
      "POST /api/team/invitations": {
        status: 400,
        body: { error: { code: "validation_failed", message: PROVIDER_STAFF_ADDRESS_MESSAGE, details: [{ path: "email", message: PROVIDER_STAFF_ADDRESS_MESSAGE }] } },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite member" });
    await user.type(within(dialog).getByLabelText("Email"), "sam@provider.example");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText(PROVIDER_STAFF_ADDRESS_MESSAGE)).toBeDefined();
    expect(within(dialog).getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(toasts.error).toEqual([]);
  });

  it("removes a member after confirmation", async () => {
    const api = installFakeApi({
      "GET /api/team": { body: teamAnswer(true) },
      "DELETE /api/team/members/user-ana": { body: { id: "user-ana" } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Ana Lopez" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove member" });
    expect(within(confirm).getByText("Remove Ana Lopez? They will be signed out everywhere and lose access.")).toBeDefined();
    expect(api.to("DELETE /api/team/members/user-ana")).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));

    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.to("DELETE /api/team/members/user-ana")).toHaveLength(1);
    expect(toasts.success).toEqual([["Member removed", { description: "Ana Lopez no longer has access." }]]);
  });

  it("cancelling the confirmation removes nobody", async () => {
    const api = installFakeApi({ "GET /api/team": { body: teamAnswer(true) } });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Ana Lopez" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove member" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("changes a member's role", async () => {
    const api = installFakeApi({
      "GET /api/team": { body: teamAnswer(true) },
      "PATCH /api/team/members/user-ana": { body: { ...ana, role: "member_admin" } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "Role for Ana Lopez" }));
    await user.click(await screen.findByRole("option", { name: "Member Admin" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Role updated", { description: "Ana Lopez is now Member Admin." }]]));
    expect(api.to("PATCH /api/team/members/user-ana").map((request) => request.body)).toEqual([{ role: "member_admin" }]);
  });

  it("resends and revokes invitations, showing the server's message on failure", async () => {
    const api = installFakeApi({
      "GET /api/team": { body: teamAnswer(true) },
      [`POST /api/team/invitations/${pending.id}/resend`]: { status: 502, body: { error: { code: "mail_failed", message: "The email could not be sent" } } },
      [`DELETE /api/team/invitations/${expired.id}`]: { body: { id: expired.id } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Resend invitation to new@acme.example" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "The email could not be sent" }]]));

    await user.click(screen.getByRole("button", { name: "Revoke invitation to late@acme.example" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke invitation" });
    await user.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await vi.waitFor(() => expect(api.to(`DELETE /api/team/invitations/${expired.id}`)).toHaveLength(1));
    await vi.waitFor(() => expect(toasts.success.map(([title]) => title)).toEqual(["Invitation revoked"]));
  });
});

describe("TeamPage for a plain member", () => {
  it("shows the lists without any action", async () => {
    installFakeApi({ "GET /api/team": { body: teamAnswer(false) } });
    renderPage();
    expect(await screen.findByText("Only organization admins can change the team.")).toBeDefined();
    expect(screen.getByText("Ana Lopez")).toBeDefined();
    expect(screen.getByText("new@acme.example")).toBeDefined();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getAllByText("Member User").length).toBeGreaterThan(0);
  });
});

describe("TeamPage states", () => {
  it("says when there is nobody to list", async () => {
    installFakeApi({ "GET /api/team": { body: { members: [], invitations: [], can_manage: false } } });
    renderPage();
    expect(await screen.findByText("No members yet.")).toBeDefined();
    expect(screen.getByText("No pending invitations.")).toBeDefined();
  });

  it("shows the server's message with a retry when the team cannot be loaded", async () => {
    installFakeApi({ "GET /api/team": { status: 404, body: { error: { code: "not_found", message: "Organization not found" } } } });
    renderPage();
    expect(screen.getByText("Loading team...")).toBeDefined();
    expect((await screen.findByRole("alert")).textContent).toContain("Organization not found");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });
});
