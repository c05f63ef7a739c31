import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TypeDefinition } from "#common/contracts/action-log";
import { ACTION_LOG_FIELDS, ACTION_LOG_TYPES } from "#common/domain/action-log";
import type { Runtime } from "#server/runtime";
import { buildActionLogOrganization } from "#tests/action-log-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * The type definitions: everyone acting for an organization reads them, the provider
 * administrator alone changes them. They are shared by every organization (and every test file
 * on PostgreSQL), so the test puts back what it changes.
 */

const ADMIN_EMAIL = `type-admin-${uniqueSuffix()}@provider.test`;
let runtime: Runtime;
let administrator: TestUser;
let employee: TestUser;
let member: TestUser;
let organizationId: string;
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_ADMIN_EMAIL: ADMIN_EMAIL });
  administrator = await buildUser(runtime, { isEmployee: true, email: ADMIN_EMAIL, fullName: "Ada Administrator" });
  employee = await buildUser(runtime, { isEmployee: true });
  ({ organizationId, member } = await buildActionLogOrganization(runtime));
});
afterAll(async () => {
  await runtime.close();
});

interface DefinitionList {
  definitions: TypeDefinition[];
  can_edit: boolean;
}

const listAs = (as: TestUser, org?: string) => readJson<DefinitionList>(runtime, "/api/action-log-types", as, org);
const put = (as: TestUser, body: unknown) => call(runtime, "/api/action-log-types", { method: "PUT", as, body });

describe("type definitions", () => {
  it("lists the seven types in order with what each asks for; only the administrator may edit", async () => {
    const list = await listAs(member);
    expect(list.definitions.map((definition) => definition.action_log_type)).toEqual([...ACTION_LOG_TYPES]);
    for (const definition of list.definitions) {
      expect(definition.description.length).toBeGreaterThan(0);
      expect(definition.fields.every((field) => (ACTION_LOG_FIELDS as readonly string[]).includes(field))).toBe(true);
    }
    expect(list.can_edit).toBe(false);
    expect((await listAs(employee, organizationId)).can_edit).toBe(false);
    expect((await listAs(administrator, organizationId)).can_edit).toBe(true);
  });

  it("lets the administrator change a type's meaning and fields, recording who and when", async () => {
    const original = (await listAs(member)).definitions.find((definition) => definition.action_log_type === "Decision");
    if (!original) throw new Error("no Decision definition");
    try {
      const response = await put(administrator, {
        action_log_type: "Decision",
        description: "  A choice, with who made it  ",
        fields: ["description", "due_date", "description", "resolution_notes"],
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const changed: TypeDefinition = await response.json();
      expect(changed).toMatchObject({
        action_log_type: "Decision",
        description: "A choice, with who made it",
        fields: ["description", "due_date", "resolution_notes"],
        updated_by: { id: administrator.id, name: "Ada Administrator" },
      });
      expect(Date.parse(changed.updated_at)).toBeGreaterThan(Date.parse(original.updated_at));
      expect((await listAs(member)).definitions.find((definition) => definition.action_log_type === "Decision")).toEqual(changed);
    } finally {
      const restored = await put(administrator, { action_log_type: "Decision", description: original.description, fields: original.fields });
      expect(restored.status).toBe(200);
    }
  });

  it("refuses anyone else, and fields or types it does not know", async () => {
    const body = { action_log_type: "Task", description: "Hijacked", fields: [] };
    const asMember = await put(member, body);
    expect(asMember.status).toBe(403);
    expect((await errorOf(asMember)).message).toBe("Only provider employees can do this");
    const asEmployee = await put(employee, body);
    expect(asEmployee.status).toBe(403);
    expect((await errorOf(asEmployee)).message).toBe("Only the provider administrator can change the type definitions");
    expect((await put(administrator, { ...body, fields: ["colour"] })).status).toBe(400);
    expect((await put(administrator, { ...body, action_log_type: "Epic" })).status).toBe(400);
    expect((await put(administrator, { ...body, description: "   " })).status).toBe(400);
    expect((await listAs(member)).definitions.find((definition) => definition.action_log_type === "Task")?.description).not.toBe("Hijacked");
  });
});
