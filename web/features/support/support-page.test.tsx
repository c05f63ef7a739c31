import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SupportOverview, SupportSettings } from "#common/contracts/support";
import { onGetHelpRequested } from "#web/lib/get-help-request.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { cardByHeading as card, renderPage } from "#web/lib/testing/render-page.tsx";
import SupportPage from "./support-page.tsx";

const SETTINGS: SupportSettings = {
  contacts: [
    { name: "Onboarding desk", role: "Day-to-day questions", email: "desk@provider.test", phone: "+1 555 010 2000" },
    { name: "Ana Lima", role: "Escalations", email: "ana@provider.test", phone: "" },
  ],
  support_hours: "Monday to Friday, 8:00–18:00",
  time_zone: "Europe/Paris",
  first_response_hours: 4,
  response_promise: "We answer within 4 business hours.",
  updated_at: "2030-01-02T10:00:00.000Z",
};

const REQUEST_ID = "5f0d6a2e-3c1b-4e8a-9b7d-1a2b3c4d5e6f";

const OVERVIEW: SupportOverview = {
  settings: SETTINGS,
  can_edit_settings: false,
  help_requests: [
    { id: REQUEST_ID, reference: "BUG-7", title: "The export fails", help_type: "issue", status: "Open", created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() },
    { id: "6a1e7b3f-4d2c-4f9b-8c8e-2b3c4d5e6f70", reference: "HELP-2", title: "Where do I start?", help_type: "question", status: "Resolved", created_at: new Date(Date.now() - 7_200_000).toISOString() },
  ],
  faq_markdown: "## How do I reset my password?\n\nSign in with a **one-time code**, then change it.",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SupportPage", () => {
  it("shows a member how to reach the provider, with no edit, the requests linked, and the FAQ rendered", async () => {
    installFakeApi({ "GET /api/support": { body: OVERVIEW } });
    renderPage(<SupportPage />);
    expect(screen.getByRole("heading", { name: "Support", level: 1 })).toBeDefined();

    await screen.findByRole("heading", { name: "How to reach us", level: 2 });
    const contact = card("How to reach us");
    expect(within(contact).getByText("We answer within 4 business hours.")).toBeDefined();
    expect(within(contact).getByText("Monday to Friday, 8:00–18:00 (Europe/Paris)")).toBeDefined();
    expect(within(contact).getByText("Within 4 hours")).toBeDefined();
    expect(within(contact).getByRole("link", { name: "desk@provider.test" }).getAttribute("href")).toBe("mailto:desk@provider.test");
    expect(within(contact).getByRole("link", { name: "+1 555 010 2000" }).getAttribute("href")).toBe("tel:+15550102000");
    expect(within(contact).queryByRole("button", { name: /Edit/ })).toBeNull();

    const requests = card("Your help requests");
    const items = within(requests).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("link").textContent)).toEqual(["The export fails", "Where do I start?"]);
    expect(within(requests).getByRole("link", { name: "The export fails" }).getAttribute("href")).toBe(`/help-requests/${REQUEST_ID}`);
    expect(within(items[0]!).getByText("BUG-7")).toBeDefined();
    expect(within(items[0]!).getByText("Report an issue")).toBeDefined();
    expect(within(items[0]!).getByText("3 days ago")).toBeDefined();
    expect(within(items[1]!).getByText("Resolved")).toBeDefined();
    expect(within(items[1]!).getByText("2 hours ago")).toBeDefined();

    const faq = card("Answers to common questions");
    expect(await within(faq).findByRole("heading", { name: "How do I reset my password?", level: 3 })).toBeDefined();
    expect(within(faq).getByText("one-time code").tagName).toBe("STRONG");
  });

  it("opens Get Expert Help from the page", async () => {
    installFakeApi({ "GET /api/support": { body: { ...OVERVIEW, help_requests: [], faq_markdown: null } } });
    const opened = vi.fn();
    const unsubscribe = onGetHelpRequested(opened);
    const user = userEvent.setup();
    renderPage(<SupportPage />);
    expect(await screen.findByText(/No help requests yet/)).toBeDefined();
    expect(screen.getByText(/No answers are published yet/)).toBeDefined();
    const button = screen.getByRole("button", { name: "Get Expert Help" });
    await user.click(button);
    expect(opened).toHaveBeenCalledWith(button);
    unsubscribe();
  });

  it("lets an employee edit the details: sends every field, and shows the server's field error under its field", async () => {
    const api = installFakeApi({
      "GET /api/support": { body: { ...OVERVIEW, can_edit_settings: true } },
      "PUT /api/support/settings": {
        status: 400,
        body: { error: { code: "validation_failed", message: "Invalid input", details: [{ path: "contacts.1.email", message: "Use a mailbox the team reads" }] } },
      },
    });
    const user = userEvent.setup();
    renderPage(<SupportPage />);
    await user.click(await screen.findByRole("button", { name: "Edit how to reach us" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit how to reach us" });

    const promise = within(dialog).getByLabelText("Response promise");
    await user.clear(promise);
    await user.type(promise, "We answer within 2 business hours.");
    const target = within(dialog).getByLabelText("First response (hours)");
    await user.clear(target);
    await user.type(target, "2");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText("Use a mailbox the team reads")).toBeDefined();
    const emails = within(dialog).getAllByLabelText("Email");
    expect(emails[1]!.getAttribute("aria-invalid")).toBe("true");
    expect(api.to("PUT /api/support/settings")[0]?.body).toEqual({
      contacts: SETTINGS.contacts,
      support_hours: SETTINGS.support_hours,
      time_zone: "Europe/Paris",
      first_response_hours: 2,
      response_promise: "We answer within 2 business hours.",
    });
  });

  it("checks the form before sending: an empty name and a bad email are shown, nothing is sent", async () => {
    const api = installFakeApi({ "GET /api/support": { body: { ...OVERVIEW, can_edit_settings: true } } });
    const user = userEvent.setup();
    renderPage(<SupportPage />);
    await user.click(await screen.findByRole("button", { name: "Edit how to reach us" }));
    const dialog = await screen.findByRole("dialog");
    await user.clear(within(dialog).getAllByLabelText("Name or team")[0]!);
    const email = within(dialog).getAllByLabelText("Email")[0]!;
    await user.clear(email);
    await user.type(email, "desk");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Name or team is required")).toBeDefined();
    expect(within(dialog).getByText("Enter a valid email address")).toBeDefined();
    expect(api.to("PUT /api/support/settings")).toEqual([]);
  });
});
