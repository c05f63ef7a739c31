import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ContainerManagementWorkspace,
  type OpenContainersImportResult,
  type OpenContainersReport,
  discardOpenContainersRoute,
  submitContainerManagementWorkspaceRoute,
} from "#common/contracts/extension-workspaces";
import { WORKSPACE_MESSAGES } from "#common/domain/extension-workspaces";
import { OPEN_CONTAINERS_MAX_FILE_BYTES, OPEN_CONTAINERS_MAX_ROWS } from "#common/domain/open-containers-import";
import type { Runtime } from "#server/runtime";
import {
  COMPLETE_CONTAINER_ANSWERS,
  OPEN_CONTAINERS_HEADER,
  buildWorkspaceOrganization,
  importContainersCsv,
  okJson,
  readContainerWorkspace,
  saveContainerDraft,
} from "#tests/extension-workspaces-test-kit";
import { type TestUser, buildUser, callContract } from "#tests/factories";
import { issueTriples } from "#tests/migration-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Container Management: the open containers' CSV import, checked per cell like the migration workbench, and the set-up's submission. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const GOOD_ROWS = [
  "CSQU3054383,20GP,CNSHA,USLAX,2026-03-01,2026-03-20,In transit,MAEU123456789",
  "msku 907032-3,40hc,cn sha,USLAX,2026-03-05,2026-03-05,booked,",
];

const csvOf = (rows: readonly string[]) => `${[OPEN_CONTAINERS_HEADER, ...rows].join("\r\n")}\r\n`;

async function organizationWithSetUp() {
  const organization = await buildWorkspaceOrganization(runtime, employee);
  await okJson(await saveContainerDraft(runtime, organization.member, COMPLETE_CONTAINER_ANSWERS));
  return organization;
}

async function refusedReport(response: Response): Promise<{ message: string; report: OpenContainersReport }> {
  const body = (await response.json()) as { error: { code: string; message: string; details: OpenContainersReport } };
  expect(response.status, JSON.stringify(body).slice(0, 400)).toBe(400);
  expect(body.error.code).toBe("validation_failed");
  return { message: body.error.message, report: body.error.details };
}

describe("the open containers import", () => {
  it("needs the container types and ports saved first", async () => {
    const { member } = await buildWorkspaceOrganization(runtime, employee);
    const refused = await importContainersCsv(runtime, member, csvOf(GOOD_ROWS));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Save at least one container type and two ports first/);
  });

  it("refuses a file with bad rows, naming the line and column of each problem, and keeps the last valid import", async () => {
    const { member } = await organizationWithSetUp();
    const imported = await okJson<OpenContainersImportResult>(await importContainersCsv(runtime, member, csvOf(GOOD_ROWS), { fileName: "week 9.csv" }));
    expect(imported.report).toMatchObject({ outcome: "imported", total_rows: 2, valid_rows: 2, error_rows: 0, issues: [] });
    expect(imported.workspace.open_containers).toMatchObject({ file_name: "week 9.csv", row_count: 2, imported_by_name: "Mia Member" });
    expect(imported.workspace.open_containers?.rows[1]).toEqual({
      line: 3, container_number: "MSKU9070323", type_code: "40HC", origin_port: "CNSHA", destination_port: "USLAX",
      etd: "2026-03-05", eta: "2026-03-05", status: "Booked", bill_of_lading: null,
    });

    const { message, report } = await refusedReport(
      await importContainersCsv(
        runtime,
        member,
        csvOf([
          GOOD_ROWS[0] ?? "",
          "CSQU3054384,20GP,CNSHA,USLAX,2026-03-01,2026-03-20,In transit,",
          "MSKU9070323,45R1,CNSHA,DEHAM,2026-03-10,2026-03-09,Lost,",
          "CSQU 305438 3,40HC,USLAX,USLAX,2026-02-30,2026-03-01,Arrived,",
        ]),
        { fileName: "week 10.csv" },
      ),
    );
    expect(message).toBe("3 rows have problems. Nothing was imported.");
    expect(report).toMatchObject({ file_name: "week 10.csv", outcome: "refused", total_rows: 4, valid_rows: 1, error_rows: 3 });
    expect(issueTriples(report.issues)).toEqual([
      [3, "container_number", "The check digit does not match: CSQU305438 ends in 3"],
      [4, "type_code", "45R1 is not in your container types"],
      [4, "destination_port", "DEHAM is not in your ports list"],
      [4, "status", "Must be one of: Booked, In transit, Arrived, Customs hold"],
      [4, "eta", "Must be on or after the ETD (2026-03-10)"],
      [5, "etd", "Must be a date written YYYY-MM-DD"],
      [5, "destination_port", "Must be another port than the origin"],
      [5, "container_number", "Duplicate Container number CSQU3054383 (first on line 2)"],
    ]);
    expect(report.issues[0]?.value).toBe("CSQU3054384");

    const workspace = await okJson<ContainerManagementWorkspace>(await readContainerWorkspace(runtime, member));
    expect(workspace.open_containers).toMatchObject({ file_name: "week 9.csv", row_count: 2 });
  });

  it("wants the ETA on or after the ETD", async () => {
    const { member } = await organizationWithSetUp();
    const { report } = await refusedReport(await importContainersCsv(runtime, member, csvOf(["CSQU3054383,20GP,CNSHA,USLAX,2026-03-10,2026-03-09,Booked,"])));
    expect(issueTriples(report.issues)).toEqual([[2, "eta", "Must be on or after the ETD (2026-03-10)"]]);
  });

  it("refuses bad encodings, shapes, sizes and types with a clear message", async () => {
    const { member } = await organizationWithSetUp();
    const latin1 = Buffer.from(csvOf(["CSQU3054383,20GP,CNSHA,USLAX,2026-03-01,2026-03-20,In transit,Ré"]), "latin1");
    const encoding = await refusedReport(await importContainersCsv(runtime, member, new Uint8Array(latin1)));
    expect(issueTriples(encoding.report.issues)).toEqual([[2, "bill_of_lading", "Contains characters that are not UTF-8; save the file as CSV UTF-8"]]);

    const semicolons = await refusedReport(await importContainersCsv(runtime, member, "container_number;type_code\r\nCSQU3054383;20GP\r\n"));
    expect(semicolons.message).toBe("The columns must be separated by commas; this file seems to use semicolons. Nothing was imported.");
    const missing = await refusedReport(await importContainersCsv(runtime, member, "container_number,type_code\r\nCSQU3054383,20GP\r\n"));
    expect(issueTriples(missing.report.issues)[0]).toEqual([1, "origin_port", "Missing required column origin_port"]);
    expect((await refusedReport(await importContainersCsv(runtime, member, ""))).message).toBe("The file is empty. Nothing was imported.");

    const tooMany = Array.from({ length: OPEN_CONTAINERS_MAX_ROWS + 1 }, () => GOOD_ROWS[0] ?? "");
    const many = await refusedReport(await importContainersCsv(runtime, member, csvOf(tooMany)));
    expect(many.message).toBe(`The file has more than ${OPEN_CONTAINERS_MAX_ROWS.toLocaleString("en-US")} rows, the most one upload takes. Nothing was imported.`);

    const tooLarge = await importContainersCsv(runtime, member, `${OPEN_CONTAINERS_HEADER}\r\n${"x".repeat(OPEN_CONTAINERS_MAX_FILE_BYTES)}`);
    expect(tooLarge.status).toBe(413);
    expect((await importContainersCsv(runtime, member, csvOf(GOOD_ROWS), { contentType: "application/pdf" })).status).toBe(415);
  });
});

describe("the Container Management set-up", () => {
  it("is submitted once complete, asks for a new import when the lists change under it, and refuses imports once submitted", async () => {
    const { member, admin } = await organizationWithSetUp();
    await okJson(await importContainersCsv(runtime, member, csvOf(GOOD_ROWS)));
    const withoutFortyFoot = { ...COMPLETE_CONTAINER_ANSWERS, container_types: COMPLETE_CONTAINER_ANSWERS.container_types.slice(0, 1) };
    const stale = await okJson<ContainerManagementWorkspace>(await saveContainerDraft(runtime, member, withoutFortyFoot));
    expect(stale.missing).toEqual([{ path: "open_containers", message: "Import the open containers again: they name 40HC, no longer listed" }]);
    const refused = await callContract(runtime, submitContainerManagementWorkspaceRoute, { as: member });
    expect(refused.status).toBe(409);

    const discarded = await okJson<ContainerManagementWorkspace>(await callContract(runtime, discardOpenContainersRoute, { as: member }));
    expect(discarded).toMatchObject({ open_containers: null, missing: [], can: { submit: true } });
    // Nothing left to discard: the same answer.
    expect((await okJson<ContainerManagementWorkspace>(await callContract(runtime, discardOpenContainersRoute, { as: member }))).open_containers).toBeNull();

    const submitted = await okJson<ContainerManagementWorkspace>(await callContract(runtime, submitContainerManagementWorkspaceRoute, { as: admin }));
    expect(submitted.status).toBe("submitted");
    const locked = await importContainersCsv(runtime, member, csvOf(GOOD_ROWS.slice(0, 1)));
    expect(locked.status).toBe(409);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toBe(WORKSPACE_MESSAGES.submittedLocked);
    expect((await saveContainerDraft(runtime, member, COMPLETE_CONTAINER_ANSWERS)).status).toBe(409);
  });

  it("checks the rows across the set-up at their paths", async () => {
    const { member } = await buildWorkspaceOrganization(runtime, employee);
    const response = await saveContainerDraft(runtime, member, {
      ...COMPLETE_CONTAINER_ANSWERS,
      ports: [...COMPLETE_CONTAINER_ANSWERS.ports, { code: "USLAX", name: "Again", country: "MX" }],
      lanes: [{ origin: "CNSHA", destination: "DEHAM", transit_days: 30, carrier: null }],
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual([
      { path: "ports.3.code", message: "Port USLAX is already listed as port 2" },
      { path: "ports.3.country", message: "Must be US, the country of USLAX" },
      { path: "lanes.0.destination", message: "Port DEHAM is not in the ports list" },
    ]);
  });
});
