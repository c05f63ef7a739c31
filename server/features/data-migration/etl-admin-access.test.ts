import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EtlDatasetList } from "#common/contracts/data-migration";
import { EMPLOYEE_ONLY_REASON } from "#common/domain/access";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildOrganization, buildUser, call } from "#tests/factories";
import { buildMigrationMember, uploadOk, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * Who may use ETL administration (common/domain/access.ts): provider employees; every member is
 * refused, whatever they name and whatever their e-mail's domain (decision 030).
 */

const PROVIDER_DOMAIN = "provider.example";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_EMAIL_DOMAIN: PROVIDER_DOMAIN });
});
afterAll(async () => {
  await runtime.close();
});

interface Caller {
  as: TestUser | null;
  org?: string;
}

const lists = ["/api/etl-admin/connections", "/api/etl-admin/datasets"];

interface StagedFile {
  datasetId: string;
  stagedAt: string;
  organizationName: string;
}

function reviewAs(caller: Caller, staged: StagedFile): Promise<Response> {
  return call(runtime, `/api/etl-admin/datasets/${staged.datasetId}/review`, {
    method: "POST",
    ...caller,
    body: { status: "loaded", comment: "", staged_at: staged.stagedAt },
  });
}

async function stageFile(): Promise<StagedFile> {
  const organizationName = `Customer ${uniqueSuffix()}`;
  const { member } = await buildMigrationMember(runtime, { organizationName });
  const { dataset } = await uploadOk(runtime, member, "customers", validCsv("customers", 1));
  return { datasetId: dataset.id, stagedAt: dataset.staged_at, organizationName };
}

describe("ETL administration access", () => {
  it("refuses members with 403 and the rule's reason, also naming another organization's dataset", async () => {
    const staged = await stageFile();
    const { member } = await buildMigrationMember(runtime);
    for (const path of lists) {
      const response = await call(runtime, path, { as: member });
      expect(response.status, path).toBe(403);
      expect((await response.json()).error).toEqual({ code: "forbidden", message: EMPLOYEE_ONLY_REASON });
    }
    const review = await reviewAs({ as: member }, staged);
    expect(review.status).toBe(403);
    expect((await review.json()).error).toEqual({ code: "forbidden", message: EMPLOYEE_ONLY_REASON });
  });

  it("lets employees in, acting for any organization", async () => {
    const staged = await stageFile();
    const { datasetId, organizationName } = staged;
    const employee = await buildUser(runtime, { isEmployee: true });
    const org = (await buildOrganization(runtime)).id;
    for (const path of lists) expect((await call(runtime, path, { as: employee, org })).status, path).toBe(200);
    const datasets: EtlDatasetList = await (await call(runtime, `/api/etl-admin/datasets?q=${encodeURIComponent(organizationName)}`, { as: employee, org })).json();
    expect(datasets.datasets.map((dataset) => dataset.id)).toEqual([datasetId]);
    expect((await reviewAs({ as: employee, org }, staged)).status).toBe(200);
  });

  it("refuses a member whose e-mail is on the provider's domain; an employee on it is let in", async () => {
    const staged = await stageFile();
    const { datasetId, organizationName } = staged;
    const customer = await buildOrganization(runtime);
    // Before decision 030 such a member could be invited; the factory still makes one, as an operator once could.
    const member = await buildUser(runtime, { organizationId: customer.id, email: `etl-${uniqueSuffix()}@${PROVIDER_DOMAIN.toUpperCase()}` });
    for (const path of lists) expect((await call(runtime, path, { as: member })).status, path).toBe(403);
    expect((await reviewAs({ as: member }, staged)).status).toBe(403);

    const staff = await buildUser(runtime, { isEmployee: true, email: `etl-${uniqueSuffix()}@${PROVIDER_DOMAIN}` });
    const datasets: EtlDatasetList = await (await call(runtime, `/api/etl-admin/datasets?q=${encodeURIComponent(organizationName)}`, { as: staff, org: customer.id })).json();
    expect(datasets.datasets.map((dataset) => [dataset.id, dataset.organization_name])).toEqual([[datasetId, organizationName]]);
    const review = await reviewAs({ as: staff, org: customer.id }, staged);
    expect(review.status).toBe(200);
    expect(await review.json()).toMatchObject({ id: datasetId, status: "loaded" });
  });

  it("answers 401 without a session", async () => {
    const staged = await stageFile();
    for (const path of lists) expect((await runtime.app.request(path)).status, path).toBe(401);
    expect((await reviewAs({ as: null }, staged)).status).toBe(401);
  });

  it("asks an employee to name an organization to act for", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    const response = await call(runtime, lists[1] ?? "", { as: employee });
    expect(response.status).toBe(400);
  });
});
