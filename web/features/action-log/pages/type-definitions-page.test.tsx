import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACTION_LOG_TYPES } from "#common/domain/action-log";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, PEOPLE, TYPE_DEFINITIONS, axeViolations, renderWithClient } from "#web/features/action-log/action-log-test-kit.tsx";
import { refusal } from "#web/features/action-log/entry-detail-test-kit.tsx";
import TypeDefinitionsPage from "./type-definitions-page.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

const UPDATE = "PUT /api/action-log-types";

/** Each card's title, in the order shown. */
function cardTitles(): string[] {
  const list = screen.getByRole("list", { name: "Type definitions" });
  return within(list).getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent ?? "");
}

describe("the type definitions page", () => {
  it("shows what each type means and asks for, read-only for everyone but the provider administrator", async () => {
    // The server's order is not the page's: the page follows the types' own order.
    installFakeApi({ [ACTION_LOG_API.types]: { body: { ...TYPE_DEFINITIONS, definitions: [...TYPE_DEFINITIONS.definitions].reverse() } } });
    renderWithClient(<TypeDefinitionsPage />);
    await screen.findByRole("list", { name: "Type definitions" });
    expect(screen.getByRole("heading", { level: 1, name: "Type definitions" })).toBeDefined();
    expect(cardTitles()).toEqual([...ACTION_LOG_TYPES]);
    expect(screen.getByText("Only the provider administrator can change these.")).toBeDefined();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();

    const risk = screen.getByRole("region", { name: "Risk" });
    expect(within(risk).getByText("Something that may go wrong, scored by likelihood and impact; resolved with its outcome.")).toBeDefined();
    expect(within(risk).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Description",
      "Assigned to",
      "Due date",
      "Impact",
      "Likelihood",
      "Phase",
      "Resolution notes",
    ]);
    expect(screen.getByRole("link", { name: "Back to the Action Log" }).getAttribute("href")).toBe("/action-log");
    expect(within(screen.getByRole("navigation", { name: "Breadcrumb" })).getByRole("link", { name: "Action Log" }).getAttribute("href")).toBe("/action-log");
    expect(await axeViolations()).toEqual([]);
  });

  it("lets the provider administrator change a type's meaning and fields, the description required", async () => {
    const risk = TYPE_DEFINITIONS.definitions.find((definition) => definition.action_log_type === "Risk");
    if (!risk) throw new Error("Risk expected");
    const api = installFakeApi({
      [ACTION_LOG_API.types]: { body: { ...TYPE_DEFINITIONS, can_edit: true } },
      [UPDATE]: { body: { ...risk, description: "May go wrong.", fields: ["priority", "impact_level", "likelihood"], updated_by: PEOPLE.eve } },
    });
    const { user } = renderWithClient(<TypeDefinitionsPage />);
    await screen.findByRole("list", { name: "Type definitions" });
    expect(screen.queryByText("Only the provider administrator can change these.")).toBeNull();
    expect(screen.getAllByRole("button", { name: /^Edit / })).toHaveLength(ACTION_LOG_TYPES.length);

    await user.click(screen.getByRole("button", { name: "Edit Risk" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Risk" });
    const description = within(dialog).getByRole("textbox", { name: "Description" });
    expect((description as HTMLTextAreaElement).value).toBe(risk.description);
    const fields = within(dialog).getByRole("group", { name: "Fields it asks for" });
    expect(within(fields).getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked).map((box) => box.getAttribute("value"))).toEqual([...risk.fields]);
    expect(await axeViolations()).toEqual([]);

    await user.clear(description);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Description is required")).toBeDefined();
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(api.to(UPDATE)).toEqual([]);

    await user.type(description, "May go wrong.");
    for (const label of ["Description", "Assigned to", "Due date", "Phase", "Resolution notes"]) await user.click(within(fields).getByRole("checkbox", { name: label }));
    await user.click(within(fields).getByRole("checkbox", { name: "Priority" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(UPDATE).map((request) => request.body)).toEqual([
      { action_log_type: "Risk", description: "May go wrong.", fields: ["priority", "impact_level", "likelihood"] },
    ]);
    await vi.waitFor(() => expect(toasts.success).toEqual([["Type definition saved", { description: "Risk asks for 3 fields." }]]));
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character description whole, counts it and refuses to save it", async () => {
    const api = installFakeApi({ [ACTION_LOG_API.types]: { body: { ...TYPE_DEFINITIONS, can_edit: true } } });
    const { user } = renderWithClient(<TypeDefinitionsPage />);
    await user.click(await screen.findByRole("button", { name: "Edit Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    const description = within(dialog).getByRole("textbox", { name: "Description" }) as HTMLTextAreaElement;
    await user.clear(description);
    await user.paste("x".repeat(60_000));

    expect(description.value).toHaveLength(60_000);
    expect(description.getAttribute("aria-describedby")).toContain(within(dialog).getByText("60,000 / 1,000").id);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Description must be at most 1,000 characters")).toBeDefined();
    expect(description.value).toHaveLength(60_000);
    expect(api.to(UPDATE)).toEqual([]);
  });

  it("says why a change was refused and keeps the dialog open", async () => {
    installFakeApi({
      [ACTION_LOG_API.types]: { body: { ...TYPE_DEFINITIONS, can_edit: true } },
      [UPDATE]: refusal("forbidden", "Only the provider administrator can change the type definitions."),
    });
    const { user } = renderWithClient(<TypeDefinitionsPage />);
    await user.click(await screen.findByRole("button", { name: "Edit Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Failed to update type definition", { description: "Only the provider administrator can change the type definitions." }]]),
    );
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeDefined();
  });

  it("says why the definitions could not load, with a retry", async () => {
    const api = installFakeApi({ [ACTION_LOG_API.types]: refusal("unavailable", "The service is busy.") });
    const { user } = renderWithClient(<TypeDefinitionsPage />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The service is busy.");
    api.answer(ACTION_LOG_API.types, { body: TYPE_DEFINITIONS });
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Type definitions" })).toBeDefined();
  });
});
