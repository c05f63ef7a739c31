import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { renderPage } from "#web/lib/testing/render-page.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { SUBMITTED_STATE, apWorkspace } from "#web/features/extension-workspaces/workspace-test-kit.ts";
import ApAutomationPage from "./ap-automation-page.tsx";

const WORKSPACE = "GET /api/extension-workspaces/ap-automation";
const SAVE = "PUT /api/extension-workspaces/ap-automation";
const SUBMIT = "POST /api/extension-workspaces/ap-automation/submit";
const REOPEN = "POST /api/extension-workspaces/ap-automation/reopen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const rule = (number: number) => screen.getByRole("group", { name: `Rule ${number}` });

async function choose(user: ReturnType<typeof userEvent.setup>, container: HTMLElement, label: string, option: string) {
  await user.click(within(container).getByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("ApAutomationPage", () => {
  it("shows the set-up, who saved it, what a submission needs and the vendor list's state", async () => {
    installFakeApi({
      [WORKSPACE]: { body: apWorkspace({ missing: [{ path: "matching.mode", message: "Choose two-way or three-way matching" }], can: { edit: true, submit: false, reopen: false } }) },
    });
    renderPage(<ApAutomationPage />);
    expect(await screen.findByText(/Draft saved on .* by Ann Lee/)).toBeDefined();
    expect(screen.getByRole("heading", { name: "AP Automation", level: 1 })).toBeDefined();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Extensions" }).getAttribute("href")).toBe("/extensions");
    expect(screen.getByText("Choose two-way or three-way matching")).toBeDefined();
    expect((within(rule(1)).getByLabelText("From") as HTMLInputElement).value).toBe("0.00");
    expect((screen.getByLabelText("Intake address") as HTMLInputElement).value).toBe("bills@acme.example");
    expect((screen.getByRole("checkbox", { name: "PDF" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/120 rows staged from vendors.csv/)).toBeDefined();
    expect(screen.getByText(/vendors-v2.csv .* was refused: 2 rows of 121 with errors/)).toBeDefined();
    expect(screen.getByRole("link", { name: "Fix or replace the vendor list in Data Setup" }).getAttribute("href")).toBe("/data-connection");
  });

  it("checks the rules in the browser, saves the draft and shows the server's refusal under its field", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({
      [WORKSPACE]: { body: apWorkspace() },
      [SAVE]: { status: 400, body: { error: { code: "validation_failed", message: "intake.email: Already used", details: [{ path: "intake.email", message: "Already used by another organization" }] } } },
    });
    renderPage(<ApAutomationPage />);
    await screen.findByRole("group", { name: "Rule 1" });

    await user.type(within(rule(1)).getByLabelText("Up to (not included)"), "1000");
    await user.click(screen.getByRole("button", { name: "Add rule" }));
    await user.type(within(rule(2)).getByLabelText("From"), "500");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await within(rule(2)).findByText("Overlaps rule 1 (from 0.00 up to 1,000.00)")).toBeDefined();
    expect(api.to(SAVE)).toHaveLength(0);

    await user.clear(within(rule(2)).getByLabelText("From"));
    await user.type(within(rule(2)).getByLabelText("From"), "1,000");
    await choose(user, rule(2), "Approver role", "Controller");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await vi.waitFor(() => expect(api.to(SAVE)).toHaveLength(1));
    expect(api.to(SAVE)[0]?.body).toMatchObject({
      approval_rules: [
        { min_amount: "0.00", max_amount: "1000.00", approver_role: "ap_manager", approvals_required: 1 },
        { min_amount: "1000.00", max_amount: null, approver_role: "controller", approvals_required: 1 },
      ],
      intake: { email: "bills@acme.example", formats: ["pdf"] },
    });
    expect(await screen.findByText("Already used by another organization")).toBeDefined();
    expect(screen.getByLabelText("Intake address").getAttribute("aria-invalid")).toBe("true");
  });

  it("asks before submitting, and puts what is missing under its fields", async () => {
    const user = userEvent.setup();
    const missing = [{ path: "payment_runs.release_role", message: "Choose who releases a payment run" }];
    const api = installFakeApi({
      [WORKSPACE]: { body: apWorkspace() },
      [SUBMIT]: { status: 409, body: { error: { code: "conflict", message: "Complete these before submitting: Choose who releases a payment run.", details: missing } } },
    });
    renderPage(<ApAutomationPage />);
    await user.click(await screen.findByRole("button", { name: "Submit" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Submit the AP Automation set-up?" });
    await user.click(within(dialog).getByRole("button", { name: "Submit set-up" }));
    expect(await within(dialog).findByText("Complete these before submitting: Choose who releases a payment run.")).toBeDefined();
    expect(api.to(SUBMIT)).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText("Who releases a run").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Choose who releases a payment run").length).toBeGreaterThan(0);
  });

  it("shows a submitted set-up read-only and lets an admin reopen it with a reason", async () => {
    const user = userEvent.setup();
    const submitted = apWorkspace(SUBMITTED_STATE);
    const api = installFakeApi({
      [WORKSPACE]: { body: submitted },
      [REOPEN]: { body: { ...submitted, status: "draft", can: { edit: true, submit: true, reopen: false }, reopened: { at: "2026-12-03T10:00:00.000Z", by_name: "Ann Lee", reason: "New approver" } } },
    });
    renderPage(<ApAutomationPage />);
    expect(await screen.findByText("Submitted", { selector: "span" })).toBeDefined();
    expect((within(rule(1)).getByLabelText("From") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add rule" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Reopen" }));
    const dialog = await screen.findByRole("dialog", { name: "Reopen the AP Automation set-up" });
    await user.click(within(dialog).getByRole("button", { name: "Reopen set-up" }));
    expect(await within(dialog).findByText("Reason must be at least 3 characters")).toBeDefined();
    await user.type(within(dialog).getByLabelText("Reason"), "New approver");
    await user.click(within(dialog).getByRole("button", { name: "Reopen set-up" }));
    await vi.waitFor(() => expect(api.to(REOPEN).map((request) => request.body)).toEqual([{ reason: "New approver" }]));
    expect(await screen.findByText(/Reopened on .* by Ann Lee/)).toBeDefined();
    expect(await screen.findByRole("button", { name: "Save draft" })).toBeDefined();
    expect((within(rule(1)).getByLabelText("From") as HTMLInputElement).disabled).toBe(false);
    await vi.waitFor(() => expect(toasts.success.map(([title]) => title)).toContain("Set-up reopened"));
  });
});
