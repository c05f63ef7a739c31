import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { expectNoAxeViolations, loadGetHelpCode, openGetHelp, titleInput } from "./help-test-kit.tsx";


beforeAll(loadGetHelpCode, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

type Closer = (user: Awaited<ReturnType<typeof openGetHelp>>["user"], dialog: HTMLElement) => Promise<void>;

const CLOSERS: [string, Closer][] = [
  ["the close button", (user, dialog) => user.click(within(dialog).getByRole("button", { name: "Close" }))],
  ["Cancel", (user, dialog) => user.click(within(dialog).getByRole("button", { name: "Cancel" }))],
  ["Escape", (user) => user.keyboard("{Escape}")],
  // The overlay around the dialog's content, as a person clicks beside the dialog.
  ["a click outside", (user) => user.pointer({ keys: "[MouseLeft]", target: overlay() })],
];

function overlay(): Element {
  const found = [...document.querySelectorAll("body > [data-state='open']")].find((element) => element.getAttribute("role") === null);
  if (!found) throw new Error("no dialog overlay");
  return found;
}

function confirmDialog(): HTMLElement | null {
  return screen.queryByRole("alertdialog", { name: "Unsaved changes" });
}

describe("closing Get Expert Help", () => {
  it.each(CLOSERS)("closes at once with %s when nothing was entered", async (_how, close) => {
    installFakeApi();
    const { user, dialog } = await openGetHelp();
    // Choosing another kind of help alone is nothing to lose.
    await user.click(within(dialog).getByRole("radio", { name: "Request help" }));
    await user.type(titleInput(), "   ");
    await close(user, dialog);
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Get Expert Help" })).toBeNull());
    expect(confirmDialog()).toBeNull();
  });

  it.each(CLOSERS)("asks first with %s once a title is typed; Keep Editing goes back to the form", async (_how, close) => {
    installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "Half a question");
    await close(user, dialog);

    const confirm = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    expect(within(confirm).getByRole("button", { name: "Keep Editing" })).toBeDefined();
    expect(within(confirm).getByRole("button", { name: "Discard Changes" })).toBeDefined();
    await user.click(within(confirm).getByRole("button", { name: "Keep Editing" }));

    await vi.waitFor(() => expect(confirmDialog()).toBeNull());
    expect(screen.getByRole("dialog", { name: "Get Expert Help" })).toBeDefined();
    expect(titleInput().value).toBe("Half a question");
  });

  it("Discard Changes closes and forgets what was entered", async () => {
    installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.click(within(dialog).getByRole("radio", { name: "Report an issue" }));
    await user.type(titleInput(), "Half a question");
    await user.keyboard("{Escape}");
    const confirm = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await expectNoAxeViolations();
    await user.click(within(confirm).getByRole("button", { name: "Discard Changes" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Get Expert Help" })).toBeNull());
    expect(confirmDialog()).toBeNull();
    await user.click(screen.getByRole("button", { name: "Get Help" }));
    const again = await screen.findByRole("dialog", { name: "Get Expert Help" });
    expect(titleInput().value).toBe("");
    expect(within(again).getByRole("radio", { name: "Ask a question" })).toHaveProperty("checked", true);
  });

  it("asks first when only an attachment is pending", async () => {
    installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.upload(within(dialog).getByLabelText("Attach files", { selector: "input" }), new File(["x"], "notes.txt", { type: "text/plain" }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("alertdialog", { name: "Unsaved changes" })).toBeDefined();
  });

  it("asks first when only a description is typed", async () => {
    installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.type(within(dialog).getByRole("textbox", { name: "Description (optional)" }), "A long story");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(await screen.findByRole("alertdialog", { name: "Unsaved changes" })).toBeDefined();
  });
});
