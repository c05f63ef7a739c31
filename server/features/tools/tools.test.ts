import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolsOverview } from "#common/contracts/tools";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { actionLogs } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildActionLogOrganization, closeEntries, createEntryOk } from "#tests/action-log-test-kit";
import { createFolderOk, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

/** GET /api/tools: the Tools section's tools with their counts, or why they are locked. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function overviewOf(as: TestUser, org?: string): Promise<ToolsOverview> {
  const response = await call(runtime, "/api/tools", { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const toolOf = (overview: ToolsOverview, id: string) => overview.tools.find((tool) => tool.id === id);

describe("the tools overview", () => {
  it("lists the menu's tools in order; before the NDA the gated ones say why and tell nothing, the library counts", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await createFolderOk(runtime, member, "Contracts");
    await uploadFileOk(runtime, member, "Signed order", { bytes: Buffer.from("Signed order, line by line.\n".repeat(50)) });
    const overview = await overviewOf(member);
    // The Action Log is in menu version v2 only: a new organization's menu (v1) does not show it.
    expect(overview.tools.map((tool) => tool.id)).toEqual(["tasks", "issues", "decisions", "risks", "open-requests", "content"]);
    expect(toolOf(overview, "tasks")).toMatchObject({ label: "Tasks", route: "/tasks", locked_reason: NDA_REQUIRED_REASON, counts: null });
    expect(toolOf(overview, "content")).toMatchObject({
      label: "Files",
      route: "/content",
      locked_reason: null,
      counts: { kind: "files", files: 1, folders: 1, bytes: 1400 },
    });
    expect(overview.tools.every((tool) => tool.description.length > 20)).toBe(true);
  });

  it("counts each page's entries — open, overdue in the organization's time zone, all — and no other organization's", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const other = await buildActionLogOrganization(runtime);
    await createEntryOk(runtime, other.member, { title: "Elsewhere", action_log_type: "Task" });

    const late = await createEntryOk(runtime, member, { title: "Late task", action_log_type: "Task" });
    const done = await createEntryOk(runtime, member, { title: "Done task", action_log_type: "Task" });
    await createEntryOk(runtime, member, { title: "Open task", action_log_type: "Task" });
    await createEntryOk(runtime, member, { title: "A bug", action_log_type: "Error/Bug" });
    await createEntryOk(runtime, member, { title: "An issue", action_log_type: "Issue" });
    await createEntryOk(runtime, member, { title: "A decision", action_log_type: "Decision" });
    await runtime.database.db.update(actionLogs).set({ dueDate: "2020-01-15" }).where(inArray(actionLogs.id, [late.id, done.id]));
    await closeEntries(runtime, [done.id]);

    const overview = await overviewOf(member);
    expect(toolOf(overview, "tasks")).toMatchObject({ locked_reason: null, counts: { kind: "entries", open: 2, overdue: 1, total: 3 } });
    // Issues list bugs too (common/domain/action-log.ts).
    expect(toolOf(overview, "issues")?.counts).toEqual({ kind: "entries", open: 2, overdue: 0, total: 2 });
    expect(toolOf(overview, "decisions")?.counts).toEqual({ kind: "entries", open: 1, overdue: 0, total: 1 });
    expect(toolOf(overview, "risks")?.counts).toEqual({ kind: "entries", open: 0, overdue: 0, total: 0 });
    expect(toolOf(overview, "content")?.counts).toEqual({ kind: "files", files: 0, folders: 0, bytes: 0 });

    // An employee acting for the organization reads the same.
    const employee = await buildUser(runtime, { isEmployee: true });
    expect(toolOf(await overviewOf(employee, organizationId), "tasks")?.counts).toEqual({ kind: "entries", open: 2, overdue: 1, total: 3 });
  });
});
