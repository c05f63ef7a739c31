import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurriculumImportResult, CurriculumOverview } from "#common/contracts/curriculum";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import CurriculumPage from "./curriculum-page.tsx";


const EMPLOYEE = { ...ANA, id: "user-eve", email: "eve@provider.example", role: "employee", is_employee: true, organization_id: null };
const OVERVIEW_ROUTE = "GET /api/curriculum";

const course = (key: string, title: string, overrides: Partial<CurriculumOverview["milestones"][number]["courses"][number]> = {}) => ({
  key,
  title,
  modules: [],
  has_sidebar: true,
  lessons: 2,
  topics: 5,
  questions: 3,
  ...overrides,
});

const OVERVIEW: CurriculumOverview = {
  counts: { milestones: 2, courses: 3, lessons: 6, topics: 15, configuration_questions: 1_204 },
  updated_at: "2030-01-01T12:00:00.000Z",
  max_zip_bytes: 500 * 1024 * 1024,
  milestones: [
    {
      key: "discovery",
      title: "Discovery and kick-off",
      time_estimate: "1–2 weeks",
      modules: [],
      prerequisites: [],
      courses: [course("project-charter", "Project charter", { lessons: 1, topics: 1, questions: 0 }), course("kick-off", "Kick-off", { has_sidebar: false })],
    },
    {
      key: "distribution",
      title: "Distribution set-up",
      time_estimate: null,
      modules: ["Distribution", "Warehouse Management"],
      prerequisites: ["discovery"],
      courses: [course("inventory-basics", "Inventory basics", { modules: ["Distribution"] })],
    },
  ],
};

const RESULT: CurriculumImportResult = { milestones: 11, courses: 25, lessons: 70, topics: 210, configuration_questions: 80, removed: 3, changed: true };

const restorers: (() => void)[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  for (const restore of restorers.splice(0)) restore();
});

function renderPage() {
  return renderWithCurrentUser(
    <MemoryRouter initialEntries={["/acumatica-settings/curriculum"]}>
      <CurriculumPage />
    </MemoryRouter>,
    EMPLOYEE,
  );
}

const rowText = (key: string) => screen.getByTestId(`curriculum-milestone-${key}`);

/** Renders the page, opens the import dialog, chooses a zip and sends it; returns the request. */
async function sendZip(overview: () => CurriculumOverview = () => OVERVIEW) {
  const api = installFakeApi({ [OVERVIEW_ROUTE]: () => ({ body: overview() }) });
  const sent = installFakeUploadRequests();
  renderPage();
  await screen.findByRole("table");
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Import…" }));
  const dialog = screen.getByRole("dialog", { name: "Import a curriculum" });
  const input = within(dialog).getByLabelText("Curriculum zip file") as HTMLInputElement;
  expect(input.accept).toBe(".zip,application/zip");
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], "curriculum.zip", { type: "application/zip" });
  await user.upload(input, file);
  await user.click(within(dialog).getByRole("button", { name: "Import" }));
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  return { api, dialog, file, request: sent[0] as FakeUploadRequest };
}

describe("CurriculumPage", () => {
  it("shows the counts, when it changed and every milestone in order with its courses", async () => {
    installFakeApi({ [OVERVIEW_ROUTE]: { body: OVERVIEW } });
    renderPage();
    expect(screen.getByRole("heading", { name: "Launch plan curriculum", level: 1 })).toBeDefined();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getByRole("link", { name: "ERP Settings" }).getAttribute("href")).toBe("/acumatica-settings");
    expect(screen.getByRole("status").textContent).toBe("Loading the curriculum...");

    const table = await screen.findByRole("table", { name: "Milestones of the launch plan curriculum, in order" });
    const summary = screen.getByRole("region", { name: "Contents" });
    expect(within(summary).getAllByRole("definition").map((item) => item.textContent)).toEqual(["2", "3", "6", "15", "1,204"]);
    expect(within(summary).getByText("Configuration questions")).toBeDefined();
    expect(screen.getByTestId("curriculum-updated").textContent).toMatch(/^Last updated .*2030.*\.$/);

    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual(["1. Discovery and kick-offdiscovery", "2. Distribution set-updistribution"]);

    const discovery = rowText("discovery");
    expect(within(discovery).getByText("1–2 weeks")).toBeDefined();
    expect(within(discovery).getByText("Every plan")).toBeDefined();
    expect(within(discovery).getByText("None")).toBeDefined();
    const courses = within(discovery).getByRole("list", { name: "Courses of Discovery and kick-off" });
    expect(within(courses).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Project charter1 lesson · 1 topic · 0 questions",
      "Kick-offNo sidebar2 lessons · 5 topics · 3 questions",
    ]);

    const distribution = rowText("distribution");
    expect(within(distribution).getByText("Not given")).toBeDefined();
    expect(within(distribution).getByText("Warehouse Management")).toBeDefined();
    expect(within(distribution).getByText("Discovery and kick-off")).toBeDefined();
    expect(within(distribution).queryByText("No sidebar")).toBeNull();
  });

  it("says what went wrong when the curriculum cannot be loaded, and tries again", async () => {
    const api = installFakeApi({ [OVERVIEW_ROUTE]: { status: 403, body: { error: { code: "forbidden", message: "Only employees can see the curriculum" } } } });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Only employees can see the curriculum")).toBeDefined();
    api.answer(OVERVIEW_ROUTE, { body: OVERVIEW });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("table");
  });

  it("exports the folder as a dated zip through a download link", async () => {
    const api = installFakeApi({ [OVERVIEW_ROUTE]: { body: OVERVIEW } });
    const zip = new Uint8Array([0x50, 0x4b, 5, 6]);
    const fakeFetch = globalThis.fetch;
    const exportRequests: RequestInit[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) !== "/api/curriculum/export") return fakeFetch(input, init);
      exportRequests.push(init);
      return Promise.resolve(
        new Response(zip, { headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="launch-plan-curriculum-2030-01-31.zip"' } }),
      );
    });
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    restorers.push(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return "blob:curriculum";
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.getAttribute("href")} ${this.download}`);
    });
    restorers.push(() => click.mockRestore());

    renderPage();
    await screen.findByRole("table");
    await userEvent.setup().click(screen.getByRole("button", { name: "Export (.zip)" }));

    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    // Saved under the name the server gives it.
    expect(downloads[0]).toBe("blob:curriculum launch-plan-curriculum-2030-01-31.zip");
    expect(new Headers(exportRequests[0]?.headers).get("accept")).toBe("application/zip");
    expect(new Uint8Array(await (blobs[0] as Blob).arrayBuffer())).toEqual(zip);
    expect(toasts.error).toEqual([]);
    expect(api.to(OVERVIEW_ROUTE)).toHaveLength(1);
  });

  it("imports a zip with a progress bar, toasts the counts and refreshes the overview", async () => {
    let overview = OVERVIEW;
    const { api, dialog, file, request } = await sendZip(() => overview);
    expect([request.method, request.url, request.headers["content-type"]]).toEqual(["POST", "/api/curriculum/import", "application/zip"]);
    expect(request.body).toBe(file);
    expect(within(dialog).getByText(/Every organization's Launch Plan changes/)).toBeDefined();
    expect(within(dialog).getByText(/progress on keys that stay is kept; progress on keys the zip no longer has is lost/)).toBeDefined();

    const bar = within(dialog).getByRole("progressbar", { name: "Uploading curriculum.zip" });
    act(() => request.progress(1, 4));
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect((within(dialog).getByRole("button", { name: "Importing…" }) as HTMLButtonElement).disabled).toBe(true);
    act(() => request.finishSending());
    expect(within(dialog).getByRole("progressbar", { name: "Checking curriculum.zip…" }).getAttribute("aria-valuenow")).toBe("100");
    // The server is deciding: Cancel would hide an import that still happens.
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);

    overview = { ...OVERVIEW, counts: { ...OVERVIEW.counts, milestones: 11 } };
    act(() => request.respond(200, RESULT));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts.success).toEqual([
      ["Curriculum imported", { description: "Imported 11 milestones, 25 courses, 70 lessons, 210 topics and 80 configuration questions; 3 entries removed." }],
    ]);
    await vi.waitFor(() => expect(api.to(OVERVIEW_ROUTE)).toHaveLength(2));
    await vi.waitFor(() => expect(within(screen.getByRole("region", { name: "Contents" })).getAllByRole("definition")[0]?.textContent).toBe("11"));
  });

  it("says so when the zip held the curriculum as it is", async () => {
    const { request } = await sendZip();
    act(() => request.respond(200, { ...RESULT, removed: 0, changed: false }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts.success).toEqual([]);
    expect(toasts.info).toEqual([
      [
        "Curriculum unchanged",
        { description: "Nothing changed: the zip holds the curriculum as it is (11 milestones, 25 courses, 70 lessons, 210 topics and 80 configuration questions)." },
      ],
    ]);
  });

  it("lists every problem of a refused zip by file and line, in the dialog", async () => {
    const { api, dialog, request } = await sendZip();
    const details = [
      { path: "curriculum.yaml:12", message: "milestones[1].prerequisites names an unknown milestone: finance" },
      { path: "curriculum.yaml:40", message: "Duplicate course key: project-charter" },
      { path: "topics/coa.md", message: "The file is missing" },
    ];
    act(() => request.respond(400, { error: { code: "validation_failed", message: "The curriculum has 3 problems; nothing was imported", details } }));

    const alert = await within(dialog).findByRole("alert");
    expect(within(alert).getByText("Nothing was imported: the curriculum has 3 problems.")).toBeDefined();
    const list = within(alert).getByRole("list", { name: "Problems in the curriculum" });
    expect(list.tabIndex).toBe(0);
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "curriculum.yaml:12 — milestones[1].prerequisites names an unknown milestone: finance",
      "curriculum.yaml:40 — Duplicate course key: project-charter",
      "topics/coa.md — The file is missing",
    ]);
    expect(within(dialog).queryByRole("progressbar")).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(false);
    expect(toasts.success).toEqual([]);
    expect(api.to(OVERVIEW_ROUTE)).toHaveLength(1);
  });

  it("says the file is not a zip when the server refuses its type", async () => {
    const { dialog, request } = await sendZip();
    act(() => request.respond(415, { error: { code: "unsupported_media_type", message: "This type of file is not accepted (text/plain)" } }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe("Nothing was imported: the file is not a zip. Choose a .zip of the curriculum folder, such as an export.");
    expect(within(alert).queryByRole("list")).toBeNull();
  });

  it("passes on the server's reason for a zip that is too large", async () => {
    const { dialog, request } = await sendZip();
    act(() => request.respond(413, { error: { code: "payload_too_large", message: "The file is larger than the limit of 20 MiB" } }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Nothing was imported: The file is larger than the limit of 20 MiB");
  });

  it("refuses, without sending it, a zip over the server's limit (UPLOAD_MAX_BYTES, from the overview)", async () => {
    installFakeApi({ [OVERVIEW_ROUTE]: { body: { ...OVERVIEW, max_zip_bytes: 1024 * 1024 } } });
    const sent = installFakeUploadRequests();
    renderPage();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Import…" }));
    const dialog = screen.getByRole("dialog", { name: "Import a curriculum" });
    await user.upload(within(dialog).getByLabelText("Curriculum zip file"), new File([new Uint8Array(1024 * 1024 + 1)], "videos.zip", { type: "application/zip" }));
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Nothing was imported: videos.zip is larger than 1 MiB.");
    expect(sent).toEqual([]);
  });

  it("stops sending when the dialog is cancelled before every byte is out", async () => {
    const { request } = await sendZip();
    act(() => request.progress(1, 4));
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(request.aborted).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(toasts.success).toEqual([]);
    expect(toasts.error).toEqual([]);
  });
});
