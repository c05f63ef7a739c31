import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, PEOPLE, axeViolations, entryOf, renderWithClient } from "#web/features/action-log/action-log-test-kit.tsx";
import { commentOf, refusal } from "#web/features/action-log/entry-detail-test-kit.tsx";
import { EntryComments } from "./entry-comments.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const TASK = entryOf({ number: 30 });

describe("EntryComments", () => {
  it("lists comments oldest first with their author and how long ago, the exact time on hover", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-12T12:00:00.000Z"));
    installFakeApi();
    renderWithClient(
      <EntryComments
        actionLogId={TASK.id}
        comments={[commentOf("Second", { created_at: "2030-01-12T11:55:00.000Z", author: PEOPLE.ben }), commentOf("First", { created_at: "2030-01-12T09:00:00.000Z", author: null })]}
      />,
    );
    const list = await screen.findByRole("list", { name: "Comments (2)" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first?.textContent).toBe("A former user3 hours agoFirst");
    expect(second?.textContent).toBe("Ben Ortiz5 minutes agoSecond");
    const time = second?.querySelector("time");
    expect(time?.getAttribute("dateTime")).toBe("2030-01-12T11:55:00.000Z");
    expect(time?.getAttribute("title")).toMatch(/2030/);
    expect(await axeViolations()).toEqual([]);
  });

  it("says a blank comment is required, inline, and posts a written one (trimmed), then refreshes the entry", async () => {
    const api = installFakeApi();
    const { user, queryClient } = renderWithClient(<EntryComments actionLogId={TASK.id} comments={[]} />);
    expect(screen.getByText("No comments yet.")).toBeDefined();
    const box = screen.getByRole("textbox", { name: "Add a comment" });
    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Comment is required")).toBeDefined();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(api.to(ACTION_LOG_API.comment(TASK.id))).toEqual([]);

    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    api.answer(ACTION_LOG_API.comment(TASK.id), { status: 201, body: commentOf("Vendor confirmed the date.") });
    await user.clear(box);
    await user.type(box, "  Vendor confirmed the date. ");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    await vi.waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(api.to(ACTION_LOG_API.comment(TASK.id)).map((request) => request.body)).toEqual([{ body: "Vendor confirmed the date." }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["action-log"] });
    expect(screen.queryByText("Comment is required")).toBeNull();
  });

  it("keeps a pasted 60,000-character comment whole, counts it and refuses it inline, before sending it", async () => {
    const api = installFakeApi();
    const { user } = renderWithClient(<EntryComments actionLogId={TASK.id} comments={[]} />);
    const box = screen.getByRole("textbox", { name: "Add a comment" }) as HTMLTextAreaElement;
    box.focus();
    await user.paste("x".repeat(60_000));
    expect(box.value).toHaveLength(60_000);
    const count = screen.getByText("60,000 / 5,000");
    expect(box.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Comment must be at most 5,000 characters")).toBeDefined();
    expect(box.value).toHaveLength(60_000);
    expect(api.requests).toEqual([]);
  });

  it("keeps the text and toasts the server's reason when the comment is refused", async () => {
    installFakeApi({ [ACTION_LOG_API.comment(TASK.id)]: refusal("not_found", "This entry no longer exists.") });
    const { user } = renderWithClient(<EntryComments actionLogId={TASK.id} comments={[]} />);
    const box = screen.getByRole("textbox", { name: "Add a comment" });
    await user.type(box, "Still waiting.");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Failed to add comment", { description: "This entry no longer exists." }]]));
    expect((box as HTMLTextAreaElement).value).toBe("Still waiting.");
  });
});
