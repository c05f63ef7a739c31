import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, axeViolations, entryOf, renderWithClient } from "#web/features/action-log/action-log-test-kit.tsx";
import { ATTACHMENTS_API, detailOf, refusal } from "#web/features/action-log/entry-detail-test-kit.tsx";
import { EntryDetailSheet } from "./entry-detail-sheet.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

const RISK = entryOf({ action_log_type: "Risk", number: 12, title: "Vendor may miss cutover" });

function renderSheet() {
  const onClose = vi.fn();
  const api = installFakeApi({ [ACTION_LOG_API.entry(RISK.id)]: { body: detailOf(RISK) }, [ATTACHMENTS_API]: { body: { attachments: [] } } });
  return { ...renderWithClient(<EntryDetailSheet actionLogId={RISK.id} onClose={onClose} />), onClose, api };
}

describe("Deleting an entry", () => {
  it("asks first, saying what goes and what stays; Cancel deletes nothing", async () => {
    const { user, api } = renderSheet();
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete RISK-12?" });
    expect(within(confirm).getByText("Its history and comments go too; attached files stay in the library.")).toBeDefined();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.to(ACTION_LOG_API.remove(RISK.id))).toEqual([]);
  });

  it("says why a delete was refused and stays open; a delete that goes through is toasted and closes the sheet", async () => {
    const { user, api, onClose } = renderSheet();
    api.answer(ACTION_LOG_API.remove(RISK.id), refusal("forbidden", "Only its creator or the provider's team can delete this entry."));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete RISK-12?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Failed to delete action log", { description: "Only its creator or the provider's team can delete this entry." }]]),
    );
    expect(screen.getByRole("alertdialog", { name: "Delete RISK-12?" })).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();

    api.answer(ACTION_LOG_API.remove(RISK.id), { body: { deleted: true } });
    // Once deleted, the entry's refresh answers 404: the details stay until the sheet closes.
    api.answer(ACTION_LOG_API.entry(RISK.id), refusal("not_found", "Action log not found"));
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.to(ACTION_LOG_API.remove(RISK.id))).toHaveLength(2);
    await vi.waitFor(() => expect(toasts.success).toEqual([["Entry deleted", { description: "RISK-12 has been deleted." }]]));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
