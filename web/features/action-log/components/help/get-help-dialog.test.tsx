import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HELP_SAVED_MESSAGES, HELP_TYPES, HELP_TYPE_LABELS } from "#common/domain/action-log";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { HELP_API, answerHelpRequest, expectNoAxeViolations, loadGetHelpCode, openGetHelp, titleInput } from "./help-test-kit.tsx";


beforeAll(loadGetHelpCode, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Get Expert Help", () => {
  it("asks for the kind of help (a question unless chosen), a title, a description and attachments", async () => {
    installFakeApi();
    const { dialog } = await openGetHelp();
    const kinds = within(dialog).getByRole("group", { name: "What do you need?" });
    const radios = within(kinds).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual(HELP_TYPES.map((type) => HELP_TYPE_LABELS[type]));
    expect(within(kinds).getByRole("radio", { name: "Ask a question" })).toHaveProperty("checked", true);
    expect(titleInput().value).toBe("");
    expect(within(dialog).getByRole("textbox", { name: "Description (optional)" })).toBeDefined();
    expect(within(dialog).getByRole("group", { name: "Attachments (optional)" })).toBeDefined();
    expect(within(dialog).getByRole("button", { name: "Attach files" })).toBeDefined();
    await expectNoAxeViolations();
  });

  it("refuses a blank title inline, with a red border and the focus on it, and sends nothing", async () => {
    const api = installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    const error = await within(dialog).findByText("Title is required");
    expect(titleInput().getAttribute("aria-invalid")).toBe("true");
    expect(titleInput().className).toContain("aria-[invalid=true]:border-[var(--color-destructive)]");
    expect(titleInput().getAttribute("aria-describedby")).toBe(error.id);
    expect(document.activeElement).toBe(titleInput());
    expect(api.requests).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Get Expert Help" })).toBeDefined();
    await expectNoAxeViolations();
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character description whole, counts it and refuses to send it", async () => {
    const api = installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "Invoices will not post");
    const description = within(dialog).getByRole("textbox", { name: "Description (optional)" }) as HTMLTextAreaElement;
    await user.click(description);
    await user.paste("x".repeat(60_000));

    expect(description.value).toHaveLength(60_000);
    const count = within(dialog).getByText("60,000 / 10,000");
    expect(description.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByText("Description must be at most 10,000 characters")).toBeDefined();
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(description.value).toHaveLength(60_000);
    expect(api.requests).toEqual([]);
  });

  it("clears the title's error as soon as a title is typed, before any submit", async () => {
    installFakeApi();
    const { user, dialog } = await openGetHelp();
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByText("Title is required")).toBeDefined();
    await user.type(titleInput(), "I");
    expect(within(dialog).queryByText("Title is required")).toBeNull();
    expect(titleInput().getAttribute("aria-invalid")).toBeNull();
  });

  it.each(HELP_TYPES)("sends a %s with the fixed context and says so in the type's words", async (type) => {
    const api = installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp("/milestone/42?tab=courses");
    await user.click(within(dialog).getByRole("radio", { name: HELP_TYPE_LABELS[type] }));
    await user.type(titleInput(), "  Invoices will not post  ");
    await user.type(within(dialog).getByRole("textbox", { name: "Description (optional)" }), "Since this morning");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    await vi.waitFor(() => expect(toasts.success).toEqual([[HELP_SAVED_MESSAGES[type]]]));
    expect(api.to(HELP_API.create).map((request) => request.body)).toEqual([
      {
        help_type: type,
        title: "Invoices will not post",
        description: "Since this morning",
        source_page: "/milestone/42?tab=courses",
        source_browser: navigator.userAgent,
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts.warning).toEqual([]);
  });

  it("starts afresh when opened again after sending", async () => {
    installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    await user.click(within(dialog).getByRole("radio", { name: "Report an issue" }));
    await user.type(titleInput(), "Broken");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The focus goes back to the header's button.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Get Help" })));

    await user.click(screen.getByRole("button", { name: "Get Help" }));
    const again = await screen.findByRole("dialog", { name: "Get Expert Help" });
    expect(titleInput().value).toBe("");
    expect(within(again).getByRole("radio", { name: "Ask a question" })).toHaveProperty("checked", true);
  });

  it("keeps the dialog open with everything typed when the save fails, disabled while it runs", async () => {
    let fail: (reply: { status: number; body: unknown }) => void = () => undefined;
    const api = installFakeApi({ [HELP_API.create]: () => new Promise((resolve) => (fail = resolve)) });
    const { user, dialog } = await openGetHelp();
    await user.click(within(dialog).getByRole("radio", { name: "Request help" }));
    await user.type(titleInput(), "Need a hand with tax codes");
    await user.type(within(dialog).getByRole("textbox", { name: "Description (optional)" }), "Two rates");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    const sending = await within(dialog).findByRole("button", { name: "Sending…" });
    expect(sending).toHaveProperty("disabled", true);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    fail({ status: 503, body: { error: { code: "unavailable", message: "The portal is busy. Please try again." } } });

    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Failed to create action log", { description: "The portal is busy. Please try again." }]]),
    );
    expect(screen.getByRole("dialog", { name: "Get Expert Help" })).toBeDefined();
    expect(titleInput().value).toBe("Need a hand with tax codes");
    expect((within(dialog).getByRole("textbox", { name: "Description (optional)" }) as HTMLTextAreaElement).value).toBe("Two rates");
    expect(within(dialog).getByRole("radio", { name: "Request help" })).toHaveProperty("checked", true);
    expect(await within(dialog).findByRole("button", { name: "Submit" })).toHaveProperty("disabled", false);
    expect(toasts.success).toEqual([]);
    expect(api.to(HELP_API.create)).toHaveLength(1);
  });
});
