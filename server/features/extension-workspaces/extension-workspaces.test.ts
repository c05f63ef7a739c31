import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApAutomationWorkspace,
  reopenApAutomationWorkspaceRoute,
  submitApAutomationWorkspaceRoute,
} from "#common/contracts/extension-workspaces";
import { WORKSPACE_MESSAGES } from "#common/domain/extension-workspaces";
import { extensionNotActiveReason } from "#common/domain/extensions";
import type { Runtime } from "#server/runtime";
import { openExtensionsToMembers } from "#tests/extensions-test-kit";
import {
  COMPLETE_AP_ANSWERS,
  activateExtension,
  buildWorkspaceOrganization,
  okJson,
  readApWorkspace,
  saveApDraft,
} from "#tests/extension-workspaces-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, callContract } from "#tests/factories";
import { csvWith, uploadOk, uploadRefused, validCsv } from "#tests/migration-test-kit";
import { signNdaOk } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** AP Automation's workspace: the extension guard, drafts with field errors, submission, reopening, tenancy. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Eve Employee" });
});
afterAll(async () => {
  await runtime.close();
});

const submit = (as: TestUser, org?: string) => callContract(runtime, submitApAutomationWorkspaceRoute, { as, org });
const reopen = (as: TestUser, reason: unknown, org?: string) => callContract(runtime, reopenApAutomationWorkspaceRoute, { as, org, body: { reason } });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; details?: unknown } }).error;

describe("the extension guard", () => {
  it("refuses members until the extension is active, with the extension's reason; employees always get in", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await openExtensionsToMembers(runtime, organization.id);
    const refused = await readApWorkspace(runtime, member);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "forbidden", message: extensionNotActiveReason("ap-automation") });
    expect((await saveApDraft(runtime, member, COMPLETE_AP_ANSWERS)).status).toBe(403);

    const forEmployee = await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, employee, organization.id));
    expect(forEmployee).toMatchObject({ extension_id: "ap-automation", status: "draft", saved: null, can: { edit: true, submit: false, reopen: false } });

    await activateExtension(runtime, employee, organization.id, "ap-automation");
    const opened = await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, member));
    expect(opened.answers.approval_rules).toEqual([]);
    expect(opened.missing.map((issue) => issue.path)).toContain("approval_rules");
    expect(opened.vendor_list).toEqual({ staged: null, last_upload: null });
  });
});

describe("a draft", () => {
  it("is saved field by field, incomplete allowed; every problem answers 400 under its path", async () => {
    const { member } = await buildWorkspaceOrganization(runtime, employee);
    const refused = await saveApDraft(runtime, member, {
      approval_rules: [
        { min_amount: "0", max_amount: "1000", approver_role: "ap_clerk", approvals_required: 1 },
        { min_amount: "800", max_amount: null, approver_role: "cfo", approvals_required: 1 },
      ],
      intake: { email: "bills at acme" },
    });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error.code).toBe("validation_failed");
    // Every problem at once: the field's own, and the rules' ranges across rows.
    expect(error.details).toEqual([
      { path: "intake.email", message: "Must be an email address such as bills@example.com" },
      { path: "approval_rules.1.min_amount", message: "Overlaps rule 1 (from 0.00 up to 1,000.00)" },
    ]);

    const draft = await okJson<ApAutomationWorkspace>(await saveApDraft(runtime, member, { intake: { email: "Bills@Acme.example" } }));
    expect(draft.answers.intake).toEqual({ email: "Bills@Acme.example", formats: [] });
    expect(draft.saved?.by_name).toBe("Mia Member");
    expect(draft.can).toEqual({ edit: true, submit: false, reopen: false });
  });

  it("cannot be submitted while incomplete: 409 lists what is missing under its fields", async () => {
    const { member } = await buildWorkspaceOrganization(runtime, employee);
    const withoutRuns = { ...COMPLETE_AP_ANSWERS, payment_runs: { ...COMPLETE_AP_ANSWERS.payment_runs, frequency: "monthly", day_of_month: null } };
    await okJson(await saveApDraft(runtime, member, withoutRuns));
    const refused = await submit(member);
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.message).toBe("Complete these before submitting: Choose the day of the month of the payment run.");
    expect(error.details).toEqual([{ path: "payment_runs.day_of_month", message: "Choose the day of the month of the payment run" }]);

    const never = await buildWorkspaceOrganization(runtime, employee);
    const empty = await errorOf(await submit(never.member));
    expect(empty.message).toMatch(/^Complete these before submitting: Add at least one approval rule; .* \(and \d+ more\)\.$/);
  });
});

describe("submission and reopening", () => {
  it("locks the set-up once submitted; a plain member cannot reopen it, an admin can with a reason that is kept", async () => {
    const { member, admin } = await buildWorkspaceOrganization(runtime, employee);
    const saved = await okJson<ApAutomationWorkspace>(await saveApDraft(runtime, member, COMPLETE_AP_ANSWERS));
    // The weekday is kept for a weekly run; the day of the month, which it does not use, is dropped.
    expect(saved.answers.payment_runs).toMatchObject({ weekday: "thursday", day_of_month: null });
    expect(saved.answers.approval_rules[0]).toMatchObject({ min_amount: "0.00", max_amount: "5000.00" });
    expect(saved.can.submit).toBe(true);

    const submitted = await okJson<ApAutomationWorkspace>(await submit(member));
    expect(submitted).toMatchObject({ status: "submitted", submitted: { by_name: "Mia Member" }, can: { edit: false, submit: false, reopen: false } });
    expect((await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, admin))).can.reopen).toBe(true);

    const locked = await saveApDraft(runtime, admin, COMPLETE_AP_ANSWERS);
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).message).toBe(WORKSPACE_MESSAGES.submittedLocked);
    // Submitting again (a second click, a stale tab) changes nothing.
    expect(await okJson<ApAutomationWorkspace>(await submit(admin))).toMatchObject({ status: "submitted", submitted: { by_name: "Mia Member" } });

    const byMember = await reopen(member, "Change the approvers");
    expect(byMember.status).toBe(403);
    expect((await errorOf(byMember)).message).toBe(WORKSPACE_MESSAGES.reopenNotAllowed);
    expect((await errorOf(await reopen(admin, "no"))).details).toEqual([{ path: "reason", message: "Reason must be at least 3 characters" }]);

    const reopened = await okJson<ApAutomationWorkspace>(await reopen(admin, "  The CFO changed  "));
    expect(reopened).toMatchObject({
      status: "draft",
      reopened: { by_name: "Ada Admin", reason: "The CFO changed" },
      submitted: { by_name: "Mia Member" },
      can: { edit: true, submit: true, reopen: false },
    });
    expect((await errorOf(await reopen(admin, "Once more"))).message).toBe(WORKSPACE_MESSAGES.notSubmitted);

    // Submitted again, the last reopening (and its reason) is still shown; an employee may reopen too.
    await okJson(await submit(admin));
    const again = await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, member));
    expect(again).toMatchObject({ status: "submitted", submitted: { by_name: "Ada Admin" }, reopened: { reason: "The CFO changed" } });
    const { organizationId } = await buildWorkspaceOrganization(runtime, employee);
    await okJson(await saveApDraft(runtime, employee, COMPLETE_AP_ANSWERS, organizationId));
    await okJson(await submit(employee, organizationId));
    expect((await okJson<ApAutomationWorkspace>(await reopen(employee, "Provider review", organizationId))).reopened?.by_name).toBe("Eve Employee");
  });
});

describe("the vendor list", () => {
  it("is the migration workbench's vendors: rows staged, and the last upload's errors", async () => {
    const { member, admin } = await buildWorkspaceOrganization(runtime, employee);
    await signNdaOk(runtime, admin);
    await uploadOk(runtime, member, "vendors", validCsv("vendors", 3), { fileName: "vendors.csv" });
    await uploadRefused(runtime, member, "vendors", csvWith("vendors", [{ vendor_id: "" }, {}]), { fileName: "vendors-v2.csv" });

    const { vendor_list: vendors } = await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, member));
    expect(vendors.staged).toMatchObject({ file_name: "vendors.csv", row_count: 3, status: "staged" });
    expect(vendors.last_upload).toMatchObject({ file_name: "vendors-v2.csv", outcome: "refused", total_rows: 2, error_rows: 1 });
  });
});

describe("tenancy", () => {
  it("keeps each organization's set-up to itself", async () => {
    const a = await buildWorkspaceOrganization(runtime, employee);
    const b = await buildWorkspaceOrganization(runtime, employee);
    await okJson(await saveApDraft(runtime, a.member, COMPLETE_AP_ANSWERS));

    const own = await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, b.member));
    expect(own.answers.approval_rules).toEqual([]);
    expect(own.saved).toBeNull();
    expect((await readApWorkspace(runtime, b.member, a.organizationId)).status).toBe(404);
    expect((await saveApDraft(runtime, b.member, {}, a.organizationId)).status).toBe(404);
    expect((await submit(b.admin, a.organizationId)).status).toBe(404);

    const forEmployee = await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, employee, a.organizationId));
    expect(forEmployee.answers.intake.email).toBe("bills@acme.example");
    expect((await okJson<ApAutomationWorkspace>(await readApWorkspace(runtime, a.member))).answers.intake.email).toBe("bills@acme.example");
  });
});
