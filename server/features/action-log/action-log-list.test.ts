import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { actionLogs } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildActionLogOrganization, createEntryOk, listEntriesOk } from "#tests/action-log-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { isoDateFromToday } from "#tests/onboarding-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** The list: its filters, the search, the sorts and the pages, on one organization's log made once. */

let runtime: Runtime;
let member: TestUser;
let colleague: TestUser;
const made: Record<string, ActionLogEntry> = {};
beforeAll(async () => {
  runtime = await createTestRuntime();
  const built = await buildActionLogOrganization(runtime);
  member = built.member;
  colleague = await buildUser(runtime, { organizationId: built.organizationId, fullName: "Cora Colleague" });
  const bodies: Record<string, Record<string, unknown>> = {
    ledger: { title: "Reconcile the general ledger", priority: "High", due_date: isoDateFromToday(-3), assigned_to: member.id },
    vendors: { title: "Import vendors", description: "Vendor master data from the old ledger", priority: "Low", due_date: isoDateFromToday(30) },
    risk: { title: "Key user leaves", action_log_type: "Risk", likelihood: "Likely", impact_level: "Critical", priority: "Critical", assigned_to: colleague.id },
    smallRisk: { title: "Printer driver", action_log_type: "Risk", likelihood: "Unlikely", impact_level: "Low", status: "Blocked" },
    bug: { title: "Report shows no totals", action_log_type: "Error/Bug", status: "In Progress", due_date: isoDateFromToday(-1) },
    issue: { title: "Payroll warehouse mismatch", action_log_type: "Issue", status: "Closed", due_date: isoDateFromToday(-10) },
    decision: { title: "Choose the go-live date", action_log_type: "Decision" },
  };
  // Created one after another, so the newest-first order is this one reversed.
  for (const [key, body] of Object.entries(bodies)) made[key] = await createEntryOk(runtime, member, body);
});
afterAll(async () => {
  await runtime.close();
});

const titlesOf = async (query: string, as = member) => (await listEntriesOk(runtime, as, query)).entries.map((entry) => entry.title);
const keysOf = async (query: string) => {
  const byId = new Map(Object.entries(made).map(([key, entry]) => [entry.id, key]));
  return (await listEntriesOk(runtime, member, query)).entries.map((entry) => byId.get(entry.id));
};

describe("filters", () => {
  it("lists every type newest first with the total and the types the caller may see", async () => {
    const list = await listEntriesOk(runtime, member);
    expect(list.total).toBe(7);
    expect(list.entries.map((entry) => entry.id)).toEqual(Object.values(made).map((entry) => entry.id).reverse());
    expect(list.visible_types).toEqual(["Task", "Issue", "Decision", "Risk", "Open Request", "Error/Bug", "Question / Request for Help"]);
    expect(list.entries[0]).toEqual(made.decision);
  });

  it("fixes a typed page to its types (issues with the help desk's bugs)", async () => {
    const issues = await listEntriesOk(runtime, member, "page=issues");
    expect(issues.visible_types).toEqual(["Issue", "Error/Bug"]);
    expect(issues.entries.map((entry) => entry.reference)).toEqual([made.issue?.reference, made.bug?.reference]);
    expect(await keysOf("page=risks")).toEqual(["smallRisk", "risk"]);
    expect(await keysOf("page=risks&type=Task"), "a type off the page lists nothing").toEqual([]);
    expect(await keysOf("type=Decision")).toEqual(["decision"]);
  });

  it("filters by status (active: not resolved or closed), priority, assignee and overdue", async () => {
    expect(await keysOf("status=active&sort=number&dir=asc")).toEqual(["ledger", "vendors", "risk", "smallRisk", "bug", "decision"]);
    expect(await keysOf("status=Blocked")).toEqual(["smallRisk"]);
    expect(await keysOf("priority=High")).toEqual(["ledger"]);
    expect(await keysOf("assignee=me")).toEqual(["ledger"]);
    expect(await keysOf(`assignee=${colleague.id}`)).toEqual(["risk"]);
    expect((await listEntriesOk(runtime, member, "assignee=unassigned")).total).toBe(5);
    expect(await keysOf("overdue=1"), "the closed issue is past its date but done").toEqual(["bug", "ledger"]);
    const refused = await call(runtime, "/api/action-logs?assignee=%27%20OR%201%3D1", { as: member });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe("assignee must be me, unassigned or a user id");
  });
});

describe("search", () => {
  it("matches the start of every word in the title or description, all words required", async () => {
    expect(await keysOf("q=ledg")).toEqual(["vendors", "ledger"]);
    expect(await keysOf("q=LEDGER%20vend")).toEqual(["vendors"]);
    expect(await keysOf("q=recon%20gen")).toEqual(["ledger"]);
    expect(await keysOf("q=warehouse&page=issues")).toEqual(["issue"]);
    expect(await keysOf("q=nothing-like-it")).toEqual([]);
  });

  it("finds an entry by its reference or number", async () => {
    const risk = made.risk as ActionLogEntry;
    expect(await keysOf(`q=${risk.reference}`)).toEqual(["risk"]);
    expect(await keysOf(`q=${risk.reference.toLowerCase()}`)).toEqual(["risk"]);
    expect(await keysOf(`q=%23${risk.number}`)).toEqual(["risk"]);
  });

  it("reads operators and quotes as plain text, never as query syntax", async () => {
    for (const q of ["' OR 1=1 --", "ledger:* | vendors", "!!!", "a & (b", "\\", "日本語", "ledger\u202e"]) {
      const response = await call(runtime, `/api/action-logs?q=${encodeURIComponent(q)}`, { as: member });
      expect(response.status, q).toBe(200);
    }
    expect(await keysOf(`q=${encodeURIComponent("ledger:* | vendors")}`), "both words, as words").toEqual(["vendors"]);
    expect((await listEntriesOk(runtime, member, "q=!!!")).total, "no words: no search").toBe(7);
  });
});

describe("sorting and paging", () => {
  it("sorts by priority, due date, title, status, risk score and number", async () => {
    expect(await keysOf("sort=priority")).toEqual(["risk", "ledger", "decision", "issue", "bug", "smallRisk", "vendors"]);
    expect(await keysOf("sort=due_date"), "soonest first, undated last").toEqual(["issue", "ledger", "bug", "vendors", "risk", "smallRisk", "decision"]);
    expect(await keysOf("sort=title&page=risks")).toEqual(["risk", "smallRisk"]);
    expect(await keysOf("sort=status&dir=asc&status=active&page=risks")).toEqual(["risk", "smallRisk"]);
    expect((await keysOf("sort=risk_score")).slice(0, 2), "the scored first, highest first").toEqual(["risk", "smallRisk"]);
    expect(await keysOf("sort=number&dir=asc")).toEqual(Object.keys(made));
  });

  it("sorts by updated_at, most recent change first", async () => {
    const { db } = runtime.database;
    await db.update(actionLogs).set({ updatedAt: new Date(Date.now() + 60_000) }).where(eq(actionLogs.id, made.vendors?.id ?? ""));
    expect((await keysOf("sort=updated_at"))[0]).toBe("vendors");
  });

  it("pages by limit and offset with the total of every page", async () => {
    const first = await listEntriesOk(runtime, member, "sort=number&dir=asc&limit=3");
    const second = await listEntriesOk(runtime, member, "sort=number&dir=asc&limit=3&offset=3");
    const last = await listEntriesOk(runtime, member, "sort=number&dir=asc&limit=3&offset=6");
    const beyond = await listEntriesOk(runtime, member, "limit=3&offset=30");
    expect([first.total, second.total, last.total, beyond.total]).toEqual([7, 7, 7, 7]);
    expect(beyond.entries).toEqual([]);
    expect([...first.entries, ...second.entries, ...last.entries].map((entry) => entry.number)).toEqual(Object.values(made).map((entry) => entry.number));
    expect((await errorOf(await call(runtime, "/api/action-logs?limit=500", { as: member }))).message).toBe("limit: limit must be at most 200");
  });

  it("shows each organization its own entries only", async () => {
    const other = await buildActionLogOrganization(runtime);
    await createEntryOk(runtime, other.member, { title: "Reconcile the other ledger" });
    expect(await titlesOf("q=ledger", other.member)).toEqual(["Reconcile the other ledger"]);
  });
});
