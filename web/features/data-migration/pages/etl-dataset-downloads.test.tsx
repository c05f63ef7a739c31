import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import {
  ETL_EMPLOYEE,
  OTHER_ORGANIZATION_ID,
  answerCsvDownload,
  chooseDatasetAction,
  datasetActions,
  etlDataset,
} from "#web/features/data-migration/migration-test-kit.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import EtlAdminPage from "./etl-admin-page.tsx";

// jsdom cannot download: the test watches what would be saved.
const downloads = recordDownloadsForEachTest();

const CONNECTIONS = "GET /api/etl-admin/connections";
const DATASETS = "GET /api/etl-admin/datasets";
const CSV = "customer_id,customer_name,balance\r\nCUST-0001,Northwind Traders,1234.50\r\n";

const receivables = etlDataset("open-receivables", { organization_id: OTHER_ORGANIZATION_ID, organization_name: "Globex", file_name: "AR January.CSV" });
const exportPath = `/api/etl-admin/datasets/${receivables.id}/export`;
const WHAT = "Globex, Open receivables, AR January.CSV";

function renderPage() {
  const api = installFakeApi({
    [CONNECTIONS]: { body: { connections: [], total: 0 } },
    [DATASETS]: { body: { datasets: [receivables], total: 1 } },
  });
  const queryClient = renderWithCurrentUser(<EtlAdminPage />, ETL_EMPLOYEE);
  return { api, queryClient };
}

function datasetsSection(): HTMLElement {
  return screen.getByRole("region", { name: "Staged datasets" });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("downloading a staged dataset on /etl-admin", () => {
  it("saves its rows under the name the server gives them", async () => {
    renderPage();
    const requests = answerCsvDownload(exportPath, CSV, "globex-open-receivables.csv");
    await chooseDatasetAction(userEvent.setup(), WHAT, "Download CSV");

    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const [download] = downloads;
    expect(download?.fileName).toBe("globex-open-receivables.csv");
    expect(await download?.blob?.text()).toBe(CSV);
    expect(requests.map((headers) => headers.get("accept"))).toEqual(["text/csv"]);
    expect(toasts.error).toEqual([]);
  });

  it("says why when the download fails", async () => {
    const { api } = renderPage();
    api.answer(`GET ${exportPath}`, { status: 404, body: { error: { code: "not_found", message: "The dataset was discarded by the customer" } } });
    await chooseDatasetAction(userEvent.setup(), WHAT, "Download CSV");
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: "Failed to download AR January.CSV. The dataset was discarded by the customer" }]]),
    );
    expect(downloads).toEqual([]);
  });
});

describe("a list on /etl-admin whose refresh fails", () => {
  it("stays on screen with a note, and the note's retry brings it up to date", async () => {
    const { api, queryClient } = renderPage();
    const user = userEvent.setup();
    expect(await datasetActions(user, WHAT)).toEqual(["Download CSV", "Mark loaded", "Mark rejected"]);

    api.answer(DATASETS, { status: 503, body: { error: { code: "unavailable", message: "The portal is busy" } } });
    // What the 30-second refresh does.
    await queryClient.refetchQueries({ queryKey: queryKeys.etlAdmin });
    const note = await within(datasetsSection()).findByText("Could not refresh; what is shown may be out of date. The portal is busy");
    expect(note.closest("[role=status]")).not.toBeNull();
    expect(within(datasetsSection()).getByRole("table", { name: "Staged datasets of every organization" })).toBeDefined();
    expect(within(datasetsSection()).queryByRole("alert")).toBeNull();

    api.answer(DATASETS, { body: { datasets: [{ ...receivables, status: "loaded" }], total: 1 } });
    await user.click(within(datasetsSection()).getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(within(datasetsSection()).queryByText(/^Could not refresh/)).toBeNull());
    expect(await datasetActions(user, WHAT)).toEqual(["Download CSV", "Mark rejected"]);
  });
});
