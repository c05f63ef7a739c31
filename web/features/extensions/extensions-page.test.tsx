import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Extension, ExtensionsOverview } from "#common/contracts/extensions";
import { formatDay } from "#web/lib/format-date.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { cardByHeading as card, renderPage } from "#web/lib/testing/render-page.tsx";
import ExtensionsPage from "./extensions-page.tsx";

const ESTIMATE_ID = "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10";
const ENTRY_ID = "5f0d6a2e-3c1b-4e8a-9b7d-1a2b3c4d5e6f";
const HISTORY_ID = "7a1b2c3d-4e5f-4a8b-9c0d-1e2f3a4b5c6d";
const NONE = { open: false, request: false, withdraw: false, activate: false, decline: false, deactivate: false };

function extension(id: Extension["id"], label: string, overrides: Partial<Extension> = {}): Extension {
  return {
    id, label, route: `/extensions/${id}`, summary: `What ${label} does.`, highlights: [`${label} point`], inventory_id: `EXT-${id}`,
    monthly_price_cents: 24_500, price_is_from: false, state: "available", on_primary_estimate: false,
    request: null, activation: null, plan_change: null, can: NONE, ...overrides,
  };
}

const REQUESTED = extension("ap-automation", "AP Automation", {
  state: "requested",
  request: { by: { id: "u1", name: "Ann Lee" }, at: "2026-12-01T10:00:00.000Z", note: "For the Q3 close", entry_id: ENTRY_ID, entry_reference: "REQ-7" },
});

function overviewOf(extensions: Extension[], overrides: Partial<ExtensionsOverview> = {}): ExtensionsOverview {
  return { extensions, primary_estimate: { id: ESTIMATE_ID, name: "Our plan", is_locked: false }, history: [], ...overrides };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ExtensionsPage", () => {
  it("shows each extension's price and state, and sends a member's request with its note", async () => {
    const available = extension("decision-maker-dashboard", "Decision-maker Dashboard", { monthly_price_cents: 14_900, price_is_from: true, can: { ...NONE, request: true } });
    const active = extension("container-management", "Container Management", {
      can: { ...NONE, open: true },
      state: "active", on_primary_estimate: true, plan_change: "estimate", activation: { by: { id: "e1", name: "Eve" }, at: "2026-12-02T10:00:00.000Z" },
    });
    const api = installFakeApi({
      "GET /api/extensions": { body: overviewOf([available, { ...REQUESTED, can: { ...NONE, withdraw: true } }, active]) },
      "POST /api/extensions/decision-maker-dashboard/request": { body: { extension: { ...available, state: "requested" }, message: "Decision-maker Dashboard requested." } },
    });
    renderPage(<ExtensionsPage />);
    await screen.findByRole("heading", { name: "AP Automation", level: 2 });
    expect(screen.getByText(/Activated add-ons go on your primary estimate “Our plan”/)).toBeDefined();

    expect(within(card("Decision-maker Dashboard")).getByText("From $149.00 a month")).toBeDefined();
    expect(within(card("AP Automation")).getByText(`Requested by Ann Lee on ${formatDay("2026-12-01T10:00:00.000Z")} (REQ-7). The provider will review it.`)).toBeDefined();
    expect(within(card("AP Automation")).getByText("“For the Q3 close”")).toBeDefined();
    expect(within(card("AP Automation")).getByRole("button", { name: "Withdraw request" })).toBeDefined();
    expect(within(card("Container Management")).getByText(`Active since ${formatDay("2026-12-02T10:00:00.000Z")}. The add-on is on your primary estimate.`)).toBeDefined();
    expect(within(card("Container Management")).queryByRole("button")).toBeNull();
    expect(within(card("Container Management")).getByRole("link", { name: "Open Container Management" }).getAttribute("href")).toBe("/extensions/container-management");
    expect(within(card("Decision-maker Dashboard")).queryByRole("link")).toBeNull();

    await userEvent.click(within(card("Decision-maker Dashboard")).getByRole("button", { name: "Request" }));
    const dialog = await screen.findByRole("dialog", { name: "Request Decision-maker Dashboard" });
    expect(within(dialog).getByText(/adds from \$149\.00 a month to your subscription/)).toBeDefined();
    await userEvent.type(within(dialog).getByLabelText("Note for the provider (optional)"), "  Board wants it  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    await vi.waitFor(() => expect(api.to("POST /api/extensions/decision-maker-dashboard/request").map((request) => request.body)).toEqual([{ note: "Board wants it" }]));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lets an employee approve a request, and asks why before declining it, showing the server's refusal under the field", async () => {
    const request = { ...REQUESTED, can: { ...NONE, activate: true, decline: true } };
    const api = installFakeApi({
      "GET /api/extensions": { body: overviewOf([request], { primary_estimate: { id: ESTIMATE_ID, name: "Locked plan", is_locked: true } }) },
      "POST /api/extensions/ap-automation/activate": { body: { extension: { ...request, state: "active" }, message: "AP Automation is active." } },
      "POST /api/extensions/ap-automation/decline": { status: 400, body: { error: { code: "validation_failed", message: "reason: Too vague", details: [{ path: "reason", message: "Too vague" }] } } },
    });
    renderPage(<ExtensionsPage />);
    await screen.findByRole("heading", { name: "AP Automation", level: 2 });
    expect(screen.getByText("Your primary estimate “Locked plan” is locked: activated add-ons are recorded for the next plan.")).toBeDefined();

    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline the request for AP Automation" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline request" }));
    expect(await within(dialog).findByText("Say why the request is declined")).toBeDefined();
    expect(api.to("POST /api/extensions/ap-automation/decline")).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText("Reason"), "No");
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline request" }));
    expect(await within(dialog).findByText("Too vague")).toBeDefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await userEvent.click(screen.getByRole("button", { name: "Approve and activate" }));
    await vi.waitFor(() => expect(api.to("POST /api/extensions/ap-automation/activate")).toHaveLength(1));
  });

  it("tells what changed, with the reasons given", async () => {
    installFakeApi({
      "GET /api/extensions": {
        body: overviewOf([extension("ap-automation", "AP Automation")], {
          primary_estimate: null,
          history: [
            { id: HISTORY_ID, extension_id: "ap-automation", action: "deactivated", actor: { id: "e1", name: "Eve" }, note: "Not this year", plan_change: "estimate", created_at: "2026-12-03T09:00:00.000Z" },
          ],
        }),
      },
    });
    renderPage(<ExtensionsPage />);
    expect(await screen.findByText("Eve deactivated AP Automation: off the primary estimate")).toBeDefined();
    expect(screen.getByText("“Not this year”")).toBeDefined();
    expect(screen.getByText(/You have no primary estimate yet/)).toBeDefined();
    expect(within(card("AP Automation")).getByText("Not requested yet.")).toBeDefined();
  });
});
