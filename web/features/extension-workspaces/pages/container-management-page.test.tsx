import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { renderPage } from "#web/lib/testing/render-page.tsx";
import { containerWorkspace } from "#web/features/extension-workspaces/workspace-test-kit.ts";
import ContainerManagementPage from "./container-management-page.tsx";

const WORKSPACE = "GET /api/extension-workspaces/container-management";
const SAVE = "PUT /api/extension-workspaces/container-management";
const CSV = "container_number,type_code,origin_port,destination_port,etd,eta,status\r\nCSQU3054383,20GP,CNSHA,USLAX,2026-03-01,2026-03-20,In transit\r\n";

afterEach(() => {
  vi.unstubAllGlobals();
});

const group = (name: string) => screen.getByRole("group", { name });

describe("ContainerManagementPage", () => {
  it("adds a standard container type, refuses a code used twice, and saves the draft", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({
      [WORKSPACE]: { body: containerWorkspace() },
      [SAVE]: ({ body }) => ({ body: containerWorkspace({ answers: body as never }) }),
    });
    renderPage(<ContainerManagementPage />);
    expect(await screen.findByRole("group", { name: "Port 2" })).toBeDefined();
    expect(screen.getByText("No container types yet. Add a standard one or describe your own.")).toBeDefined();

    await user.click(screen.getByRole("button", { name: "Add 20′ standard" }));
    expect((within(group("Type 1")).getByLabelText("Code") as HTMLInputElement).value).toBe("20GP");
    expect(within(group("Type 1")).getByText("Max gross weight: 30,480 kg")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Add type" }));
    await user.type(within(group("Type 2")).getByLabelText("Code"), "20gp");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await within(group("Type 2")).findByText("Code 20GP is already used by type 1")).toBeDefined();
    expect(api.to(SAVE)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Remove type 2" }));
    await user.click(screen.getByRole("button", { name: "Add lane" }));
    await user.click(within(group("Lane 1")).getByRole("combobox", { name: "Origin port" }));
    await user.click(await screen.findByRole("option", { name: "CNSHA — Shanghai" }));
    await user.click(within(group("Lane 1")).getByRole("combobox", { name: "Destination port" }));
    await user.click(await screen.findByRole("option", { name: "USLAX — Los Angeles" }));
    await user.type(within(group("Lane 1")).getByLabelText("Typical transit (days)"), "18");
    await user.click(screen.getByRole("radio", { name: "By weight" }));
    await user.click(screen.getByRole("checkbox", { name: "Freight" }));
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    await vi.waitFor(() => expect(api.to(SAVE)).toHaveLength(1));
    expect(api.to(SAVE)[0]?.body).toMatchObject({
      container_types: [{ code: "20GP", description: "20' standard dry", length_cm: 590, max_payload_kg: 28_180, tare_kg: 2_300, volume_m3: 33.2 }],
      lanes: [{ origin: "CNSHA", destination: "USLAX", transit_days: 18, carrier: null }],
      landed_costs: { method: "by_weight", cost_kinds: ["freight"] },
    });
    await vi.waitFor(() => expect(screen.queryByText("Unsaved changes")).toBeNull());
  });

  it("imports open containers: lists a refused file's problems by line and column, then shows a clean import", async () => {
    const user = userEvent.setup();
    installFakeApi({ [WORKSPACE]: { body: containerWorkspace() } });
    const sent = installFakeUploadRequests();
    renderPage(<ContainerManagementPage />);
    const input = await screen.findByLabelText("Open containers CSV file");

    await user.upload(input, new File([CSV], "containers.csv", { type: "text/csv" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const first = sent[0] as FakeUploadRequest;
    expect(first.url).toBe("/api/extension-workspaces/container-management/open-containers?file_name=containers.csv");
    const report = {
      file_name: "containers.csv", outcome: "refused", total_rows: 3, valid_rows: 2, error_rows: 1, issue_count: 1,
      issues: [{ line: 3, column: "container_number", message: "The check digit does not match: CSQU305438 ends in 3", value: "CSQU3054384" }],
    };
    act(() => first.respond(400, { error: { code: "validation_failed", message: "1 row has a problem. Nothing was imported.", details: report } }));
    const problems = await screen.findByRole("region", { name: "Problems in containers.csv" });
    const cells = within(problems).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["3", "container_number", "The check digit does not match: CSQU305438 ends in 3", "CSQU3054384"]);
    expect(screen.getByText(/1 of 3 rows has problems/)).toBeDefined();

    await user.upload(input, new File([CSV], "containers-fixed.csv", { type: "text/csv" }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    const imported = {
      file_name: "containers-fixed.csv", row_count: 1, imported_by_name: "Ann Lee", imported_at: "2026-12-04T10:00:00.000Z",
      rows: [{ line: 2, container_number: "CSQU3054383", type_code: "20GP", origin_port: "CNSHA", destination_port: "USLAX", etd: "2026-03-01", eta: "2026-03-20", status: "In transit", bill_of_lading: null }],
    };
    act(() =>
      (sent[1] as FakeUploadRequest).respond(200, {
        report: { ...report, file_name: "containers-fixed.csv", outcome: "imported", total_rows: 1, valid_rows: 1, error_rows: 0, issue_count: 0, issues: [] },
        workspace: containerWorkspace({ open_containers: imported }),
      }),
    );
    expect(await screen.findByText(/1 open container from containers-fixed.csv, imported on .* by Ann Lee/)).toBeDefined();
    expect(screen.queryByRole("region", { name: "Problems in containers.csv" })).toBeNull();
    expect(screen.getByRole("cell", { name: "CSQU3054383" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Discard the import" })).toBeDefined();
  });

  it("refuses a file that is not CSV before sending it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    installFakeApi({ [WORKSPACE]: { body: containerWorkspace() } });
    const sent = installFakeUploadRequests();
    renderPage(<ContainerManagementPage />);
    await user.upload(await screen.findByLabelText("Open containers CSV file"), new File(["x"], "containers.xlsx"));
    expect((await screen.findByRole("alert")).textContent).toBe("containers.xlsx is not a .csv file. In Excel, use File › Save As and choose CSV UTF-8.");
    expect(sent).toHaveLength(0);
  });
});
