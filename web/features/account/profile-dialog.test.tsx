import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "#common/contracts/account";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import { ProfileDialog } from "./profile-dialog.tsx";


const api = vi.hoisted(() => ({
  requests: [] as { method: string; path: string; body: unknown }[],
  answer: (_body: unknown): { status: number; body: unknown } => ({ status: 200, body: {} }),
}));

beforeEach(() => {
  api.requests = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    api.requests.push({ method: init.method ?? "GET", path, body });
    const answer = api.answer(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
});

function renderDialog(user: CurrentUser = ANA) {
  const onOpenChange = vi.fn();
  const queryClient = renderWithCurrentUser(<ProfileDialog open onOpenChange={onOpenChange} />, user);
  return { queryClient, onOpenChange };
}

describe("ProfileDialog", () => {
  it("shows the profile, with email and role read-only", () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "My Profile" });
    expect((within(dialog).getByLabelText("Full name") as HTMLInputElement).value).toBe("Ana Lima");
    expect(within(dialog).getByRole("combobox", { name: "Company role" }).textContent).toBe("Not set");
    const email = within(dialog).getByLabelText("Email") as HTMLInputElement;
    expect([email.value, email.readOnly]).toEqual(["ana@acme.example", true]);
    const role = within(dialog).getByLabelText("Role") as HTMLInputElement;
    expect([role.value, role.readOnly]).toEqual(["Member User", true]);
  });

  it("shows the sections it is given below the form, loaded lazily or not", async () => {
    let arrive = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const Later = lazy(async () => {
      await arrival;
      return { default: () => <section aria-label="Elsewhere">Saved on its own</section> };
    });
    renderWithCurrentUser(<ProfileDialog open onOpenChange={() => {}} extraSections={<Later />} />);
    const dialog = screen.getByRole("dialog", { name: "My Profile" });
    expect(within(dialog).getByRole("form", { name: "My Profile" })).toBeDefined();
    expect(within(dialog).getByRole("status").textContent).toBe("Loading...");
    arrive();
    expect((await within(dialog).findByRole("region", { name: "Elsewhere" })).textContent).toBe("Saved on its own");
  });

  it("calls an employee an Employee", () => {
    renderDialog({ ...ANA, is_employee: true, role: "member_admin" });
    expect((screen.getByLabelText("Role") as HTMLInputElement).value).toBe("Employee");
  });

  it("offers Save only once the name or company role changed", async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    await user.type(screen.getByLabelText("Full name"), "x");
    expect(screen.getByRole("button", { name: "Save" })).toBeDefined();
    await user.type(screen.getByLabelText("Full name"), "{Backspace}");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();

    await user.click(screen.getByLabelText("Company role"));
    await user.click(await screen.findByRole("option", { name: "Marketing" }));
    expect(screen.getByLabelText("Company role").textContent).toBe("Marketing");
    expect(screen.getByRole("button", { name: "Save" })).toBeDefined();
  });

  it("saves, updates the cached user at once and closes", async () => {
    const user = userEvent.setup();
    api.answer = (body) => ({ status: 200, body: { ...ANA, ...(body as object) } });
    const { queryClient, onOpenChange } = renderDialog();
    await user.clear(screen.getByLabelText("Full name"));
    await user.type(screen.getByLabelText("Full name"), "  Ana Souza ");
    await user.click(screen.getByLabelText("Company role"));
    await user.click(await screen.findByRole("option", { name: "IT/System Administration" }));
    await user.click(screen.getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests).toEqual([
      { method: "PATCH", path: "/api/me/profile", body: { full_name: "Ana Souza", company_role: "IT/System Administration" } },
    ]);
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.currentUser)?.full_name).toBe("Ana Souza");
    expect(toast.success).toHaveBeenCalledWith("Profile updated");
  });

  it("can clear the company role", async () => {
    const user = userEvent.setup();
    api.answer = (body) => ({ status: 200, body: { ...ANA, ...(body as object) } });
    const { onOpenChange } = renderDialog({ ...ANA, company_role: "HR" });
    await user.click(screen.getByLabelText("Company role"));
    await user.click(await screen.findByRole("option", { name: "Not set" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests[0]?.body).toEqual({ full_name: "Ana Lima", company_role: null });
  });

  it("checks the name before sending", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.clear(screen.getByLabelText("Full name"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Full name is required")).toBeDefined();
    expect(api.requests).toEqual([]);
  });

  it("reports a failed save with the spec's message and stays open", async () => {
    const user = userEvent.setup();
    api.answer = () => ({ status: 500, body: { error: { code: "internal", message: "Something went wrong" } } });
    const { queryClient, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Full name"), " Souza");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to update profile. Please try again."));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.currentUser)?.full_name).toBe("Ana Lima");
  });

  it("shows the server's field errors on the fields", async () => {
    const user = userEvent.setup();
    api.answer = () => ({
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "full_name: Full name cannot contain control characters",
          details: [{ path: "full_name", message: "Full name cannot contain control characters" }],
        },
      },
    });
    renderDialog();
    await user.type(screen.getByLabelText("Full name"), " Souza");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Full name cannot contain control characters")).toBeDefined();
    expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(toast.error).toHaveBeenCalledWith("Failed to update profile. Please try again.");
  });
});
