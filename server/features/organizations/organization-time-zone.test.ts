import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const patch = (member: TestUser, body: unknown) => call(runtime, "/api/organization", { method: "PATCH", as: member, body });

describe("the organization's time zone (its daily reminders go out at a local hour there)", () => {
  it("is UTC until someone sets one, then the set zone, and a rename alone keeps it", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect((await (await call(runtime, "/api/organization", { as: member })).json()).time_zone).toBe("UTC");

    const set = await patch(member, { organization_name: organization.organization_name, time_zone: "Pacific/Auckland" });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: organization.id, time_zone: "Pacific/Auckland" });

    const renamed = await patch(member, { organization_name: `${organization.organization_name} renamed` });
    expect(await renamed.json()).toMatchObject({ organization_name: `${organization.organization_name} renamed`, time_zone: "Pacific/Auckland" });
    expect((await (await call(runtime, "/api/organization", { as: member })).json()).time_zone).toBe("Pacific/Auckland");
  });

  it("says the local hour the reminders go out there: the server's NOTIFICATION_DIGEST_HOUR, 8 by default", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect((await (await call(runtime, "/api/organization", { as: member })).json()).reminder_hour).toBe(8);

    const early = await createTestRuntime({ NOTIFICATION_DIGEST_HOUR: "6" });
    try {
      expect((await (await call(early, "/api/organization", { as: member })).json()).reminder_hour).toBe(6);
      const saved = await call(early, "/api/organization", { method: "PATCH", as: member, body: { organization_name: organization.organization_name, time_zone: "Asia/Tokyo" } });
      expect(await saved.json()).toMatchObject({ time_zone: "Asia/Tokyo", reminder_hour: 6 });
    } finally {
      await early.close();
    }
  });

  it.each([["Mars/Olympus_Mons"], ["Europe/Paris; drop table organizations"], [""], [42], ["x".repeat(101)]])(
    "refuses %j with a field error, and changes nothing",
    async (timeZone) => {
      const { organization, member } = await buildMemberOrganization(runtime);
      const response = await patch(member, { organization_name: organization.organization_name, time_zone: timeZone });
      expect(response.status).toBe(400);
      const json = await response.json();
      expect(json.error).toMatchObject({ code: "validation_failed", details: [{ path: "time_zone", message: "Time zone must be an IANA time zone such as Europe/Paris" }] });
      expect((await (await call(runtime, "/api/organization", { as: member })).json()).time_zone).toBe("UTC");
    },
  );
});
