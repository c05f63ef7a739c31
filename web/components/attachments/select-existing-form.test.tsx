import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { API, InDialog, MILESTONE_ID, TARGET, TARGET_QUERY, attachmentOf, contentItem, renderWithClient } from "./attachments-test-kit.tsx";
import { SelectExistingForm, candidateLabel } from "./select-existing-form.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

const BUDGET = contentItem({ title: "Budget", file_name: "budget.xlsx", file_size: 20_480, content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
const DEMO = contentItem({ title: "Demo", file_name: "demo.webm", file_size: 3_145_728, content_type: "video/webm" });

function renderForm(files = [BUDGET, DEMO]) {
  const onDone = vi.fn();
  const api = installFakeApi({
    [API.candidates]: { body: { files } },
    [API.attach]: { status: 201, body: attachmentOf(DEMO) },
  });
  return { ...renderWithClient(
    <InDialog>
      <SelectExistingForm target={TARGET} onDone={onDone} />
    </InDialog>,
  ), api, onDone };
}

describe("Select Existing", () => {
  it("lists the library's candidates with their icon and size, needs a choice, and attaches the one chosen", async () => {
    const { user, api, onDone } = renderForm();
    expect(screen.getByRole("status").textContent).toBe("Loading...");
    const group = await screen.findByRole("group", { name: "Files in your library" });
    expect(api.to(API.candidates).map((request) => request.path)).toEqual([`/api/attachments/candidates?${TARGET_QUERY}`]);
    const budget = within(group).getByRole("radio", { name: /Budget/ });
    expect(budget.closest("label")?.textContent).toContain("budget.xlsx · 20.00 KB");
    expect(budget.closest("label")?.querySelector('[data-icon="spreadsheet"]')).not.toBeNull();
    expect(within(group).getByRole("radio", { name: /Demo/ }).closest("label")?.textContent).toContain("demo.webm · 3.00 MB");

    await user.click(screen.getByRole("button", { name: "Attach" }));
    expect(await screen.findByText("Choose a file to attach")).toBeDefined();
    expect(api.to(API.attach)).toEqual([]);

    await user.click(within(group).getByRole("radio", { name: /Demo/ }));
    expect(screen.getByText("Selected file:").parentElement?.textContent).toBe("Selected file: Demo");
    await user.click(screen.getByRole("button", { name: "Attach" }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.to(API.attach).map((request) => request.body)).toEqual([{ entity_type: "milestone", entity_id: MILESTONE_ID, content_id: DEMO.id }]);
  });

  it("names a file without a title by its file name, then as Selected file", () => {
    expect(candidateLabel({ title: " ", file_name: "notes.txt" })).toBe("notes.txt");
    expect(candidateLabel({ title: "", file_name: null })).toBe("Selected file");
  });

  it("says when there is nothing to choose, and offers only Cancel", async () => {
    renderForm([]);
    expect(await screen.findByText(/There are no files to choose from/)).toBeDefined();
    expect(screen.queryByRole("button", { name: "Attach" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDefined();
  });

  it("says why an attach failed", async () => {
    const { user, api, onDone } = renderForm();
    api.answer(API.attach, { status: 409, body: { error: { code: "conflict", message: "This file is attached already." } } });
    await user.click(await screen.findByRole("radio", { name: /Budget/ }));
    await user.click(screen.getByRole("button", { name: "Attach" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This file is attached already.");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("clears why an attach failed as soon as another file is chosen, before any submit", async () => {
    const { user, api } = renderForm();
    api.answer(API.attach, { status: 409, body: { error: { code: "conflict", message: "This file is attached already." } } });
    await user.click(await screen.findByRole("radio", { name: /Budget/ }));
    await user.click(screen.getByRole("button", { name: "Attach" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This file is attached already.");

    await user.click(screen.getByRole("radio", { name: /Demo/ }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to(API.attach)).toHaveLength(1);
  });

  it("says Failed to load with a retry when the candidates cannot load", async () => {
    const onDone = vi.fn();
    const api = installFakeApi({ [API.candidates]: { status: 503, body: { error: { code: "internal", message: "The service is busy." } } } });
    const { user } = renderWithClient(
    <InDialog>
      <SelectExistingForm target={TARGET} onDone={onDone} />
    </InDialog>,
  );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load");
    api.answer(API.candidates, { body: { files: [BUDGET] } });
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("radio", { name: /Budget/ })).toBeDefined();
  });
});
