import { describe, expect, it } from "vitest";
import { checkEntityAccess, EMPLOYEE_ONLY_REASON, NDA_REQUIRED_REASON } from "./access.ts";
import { denied, memberFacts } from "./access-test-kit.ts";
import { actionLogEntryGate } from "./action-log.ts";

// Who may open one entity: an action log entry follows its type's page; a help request is open to
// the people it concerns whatever the NDA.

const AUTHOR = { userId: "author", isEmployee: false, role: "member_user" };
const ADMIN = { userId: "admin", isEmployee: false, role: "member_admin" };
const COLLEAGUE = { userId: "colleague", isEmployee: false, role: "member_user" };
const EMPLOYEE = { userId: "employee", isEmployee: true, role: "member_user" };

const helpRequest = actionLogEntryGate({ type: "Question / Request for Help", helpType: "question", creatorId: "author" });
const task = actionLogEntryGate({ type: "Task", helpType: null, creatorId: "author" });

describe("checkEntityAccess", () => {
  it("opens a help request before the NDA to its author, the organization's admins and employees only", () => {
    const facts = memberFacts({ ndaSigned: false });
    for (const viewer of [AUTHOR, ADMIN]) expect(checkEntityAccess(helpRequest, viewer, facts)).toEqual({ allowed: true });
    expect(checkEntityAccess(helpRequest, EMPLOYEE, { ...facts, isEmployee: true })).toEqual({ allowed: true });
    expect(checkEntityAccess(helpRequest, COLLEAGUE, facts)).toEqual(denied(NDA_REQUIRED_REASON));
  });

  it("keeps every other entry behind its page's NDA, for its author too", () => {
    expect(checkEntityAccess(task, AUTHOR, memberFacts({ ndaSigned: false }))).toEqual(denied(NDA_REQUIRED_REASON));
    expect(checkEntityAccess(task, COLLEAGUE, memberFacts())).toEqual({ allowed: true });
  });

  it("lifts the NDA only: an organization that has no Requests page keeps its help requests closed", () => {
    const facts = memberFacts({ ndaSigned: false, menu: { excludeItems: ["open-requests"], customPermissions: {} } });
    expect(checkEntityAccess(helpRequest, AUTHOR, facts)).toEqual(denied("This page is not available for your organization"));
    expect(checkEntityAccess({ itemId: "help-inbox", helpRequest: { creatorId: "author" } }, AUTHOR, facts)).toEqual(denied(EMPLOYEE_ONLY_REASON));
  });

  it("counts no author on a request whose author is gone", () => {
    const orphan = actionLogEntryGate({ type: "Error/Bug", helpType: "issue", creatorId: null });
    expect(checkEntityAccess(orphan, { ...COLLEAGUE, userId: "" }, memberFacts({ ndaSigned: false }))).toEqual(denied(NDA_REQUIRED_REASON));
  });
});
