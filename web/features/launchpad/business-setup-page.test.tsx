import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Launchpad } from "#common/contracts/launchpad";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import BusinessSetupPage from "./business-setup-page.tsx";
import { launchpadAnswer, launchpadRoutes, renderLaunchpadPage } from "./launchpad-test-kit.tsx";


const PUT = "PUT /api/launchpad/pages/business-setup";
const RECALCULATE = "POST /api/launchpad/recalculate";

const COMPLETE_ANSWERS = {
  industry: "Wholesale distribution",
  employee_count: "11-50",
  annual_revenue: "$1M-$10M",
  website: "https://acme.example",
  goals: ["Close the books faster", "Real-time inventory"],
  business_aspects: ["Distribution", "eCommerce"],
};

function renderPage() {
  return renderLaunchpadPage(BusinessSetupPage, "/goals");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Business Setup", () => {
  it("shows the label, an intro and the saved answers with a draft badge", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer({ "business-setup": { data_snapshot: COMPLETE_ANSWERS } }) } });
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Business Setup" })).toBeDefined();
    expect(screen.getByText(/Tell us about your business/)).toBeDefined();

    expect(((await screen.findByLabelText("Industry")) as HTMLInputElement).value).toBe("Wholesale distribution");
    expect(screen.getByText("Draft saved")).toBeDefined();
    expect(screen.getByRole("combobox", { name: "Number of employees" }).textContent).toContain("11-50");
    expect(screen.getByRole("combobox", { name: "Annual revenue" }).textContent).toContain("$1M-$10M");
    expect((screen.getByLabelText("Website (optional)") as HTMLInputElement).value).toBe("https://acme.example");
    expect((screen.getByLabelText("Goal 1") as HTMLInputElement).value).toBe("Close the books faster");
    expect((screen.getByLabelText("Goal 2") as HTMLInputElement).value).toBe("Real-time inventory");
    const aspects = screen.getByRole("group", { name: "Business aspects" });
    const checked = within(aspects)
      .getAllByRole("checkbox")
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => (box as HTMLInputElement).value);
    expect(checked).toEqual(["Distribution", "eCommerce"]);
    expect(screen.getByRole("button", { name: "Save draft" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Mark complete" })).toBeDefined();
  });

  it("says Not started before any save and Complete once completed", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer() } });
    renderPage();
    expect(await screen.findByText("Not started")).toBeDefined();
    expect(screen.getByText("None yet.")).toBeDefined();
    cleanup();
    vi.unstubAllGlobals();

    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer({ "business-setup": { is_completed: true, data_snapshot: COMPLETE_ANSWERS } }) } });
    renderPage();
    expect(await screen.findByText("Complete")).toBeDefined();
  });

  it("saves a draft with only the answers given, without a recalculation call", async () => {
    const api = installFakeApi(launchpadRoutes("business-setup"));
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Industry"), "  Retail  ");
    await user.click(screen.getByRole("checkbox", { name: "Services" }));
    await user.click(screen.getByRole("button", { name: "Add goal" }));
    // A blank row is ignored; the empty website and unanswered selects are left out.
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    await vi.waitFor(() => expect(toasts.success).toEqual([["Saved"]]));
    expect(api.to(PUT).map((request) => request.body)).toEqual([{ mode: "draft", answers: { industry: "Retail", business_aspects: ["Services"] } }]);
    expect(screen.getByText("Draft saved")).toBeDefined();
    expect(queryClient.getQueryData<Launchpad>(queryKeys.launchpad)?.pages[0]?.is_completed).toBe(false);
    // Saved, so nothing is left to lose: the page can be left without a question.
    await user.click(screen.getByRole("link", { name: "Leave" }));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeDefined();
    expect(api.to(RECALCULATE)).toEqual([]);
  });

  it("marking complete checks every answer first and shows each problem on its field", async () => {
    const api = installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer() } });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Website (optional)"), "acme");
    await user.click(screen.getByRole("button", { name: "Mark complete" }));

    expect(await screen.findByText("Industry is required")).toBeDefined();
    expect(screen.getByLabelText("Industry").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Industry").getAttribute("aria-describedby")).toBe("launchpad-industry-error launchpad-industry-count");
    expect(document.activeElement).toBe(screen.getByLabelText("Industry"));
    expect(screen.getByText("Choose the number of employees from the list")).toBeDefined();
    expect(screen.getByRole("combobox", { name: "Number of employees" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Choose the annual revenue from the list")).toBeDefined();
    expect(screen.getByText("Enter the website as a full address, like https://example.com")).toBeDefined();
    expect(screen.getByText("Add at least one goal")).toBeDefined();
    expect(screen.getByText("Choose at least one of the business aspects")).toBeDefined();
    expect(screen.getByRole("group", { name: "Business aspects" }).getAttribute("aria-describedby")).toContain("launchpad-business_aspects-error");
    expect(api.to(PUT)).toEqual([]);

    // Fixing an answer clears its message.
    await user.type(screen.getByLabelText("Industry"), "Retail");
    await vi.waitFor(() => expect(screen.queryByText("Industry is required")).toBeNull());
  });

  it("marking complete updates the cached page at once, then forces a recalculation and refetches", async () => {
    let cachedAtRecalculation: boolean | undefined;
    const api = installFakeApi({
      ...launchpadRoutes("business-setup", launchpadAnswer({ "business-setup": { data_snapshot: COMPLETE_ANSWERS } })),
      [RECALCULATE]: () => {
        cachedAtRecalculation = queryClient.getQueryData<Launchpad>(queryKeys.launchpad)?.pages.find((page) => page.id === "business-setup")?.is_completed;
        return { body: { summary: { page_percent: 10, flag_percent: 0, recalculated_at: "2030-01-02T09:30:01.000Z" }, recalculated: true } };
      },
    });
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Mark complete" }));

    await vi.waitFor(() => expect(toasts.success).toEqual([["Page complete"]]));
    expect(api.to(PUT).map((request) => request.body)).toEqual([{ mode: "complete", answers: COMPLETE_ANSWERS }]);
    await vi.waitFor(() => expect(api.to(RECALCULATE).map((request) => request.body)).toEqual([{ force: true }]));
    expect(cachedAtRecalculation).toBe(true);
    // The refetch comes after the recalculation.
    await vi.waitFor(() => expect(api.to("GET /api/launchpad")).toHaveLength(2));
    const order = api.requests.map((request) => `${request.method} ${request.path}`);
    expect(order.indexOf(RECALCULATE)).toBeLessThan(order.lastIndexOf("GET /api/launchpad"));
    expect(screen.getByText("Complete")).toBeDefined();
    expect(queryClient.getQueryData<Launchpad>(queryKeys.launchpad)?.page_percent).toBe(10);
  });

  it("puts the server's validation details on the fields they name, counting blank rows", async () => {
    installFakeApi({
      "GET /api/launchpad": { body: launchpadAnswer({ "business-setup": { data_snapshot: COMPLETE_ANSWERS } }) },
      [PUT]: {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "answers.goals.2: Goal cannot contain control characters",
            details: [
              { path: "answers.goals.2", message: "Goal cannot contain control characters" },
              { path: "answers.industry", message: "Industry must be at most 100 characters" },
            ],
          },
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    // Rows 1 and 2 are saved, row 3 stays blank and is not sent: the server's goals.2 is row 4.
    await user.click(await screen.findByRole("button", { name: "Add goal" }));
    await user.click(screen.getByRole("button", { name: "Add goal" }));
    await user.type(screen.getByLabelText("Goal 4"), "Third goal");
    await user.click(screen.getByRole("button", { name: "Mark complete" }));

    expect(await screen.findByText("Goal cannot contain control characters")).toBeDefined();
    expect(screen.getByLabelText("Goal 4").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Goal 3").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("Industry must be at most 100 characters")).toBeDefined();
    expect(screen.getByLabelText("Industry").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(toasts.success).toEqual([]);
  });

  it("shows a refusal that names no field above the buttons", async () => {
    installFakeApi({
      "GET /api/launchpad": { body: launchpadAnswer({ "business-setup": { data_snapshot: COMPLETE_ANSWERS } }) },
      [PUT]: { status: 403, body: { error: { code: "forbidden", message: "This page is not part of your organization's menu" } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save draft" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This page is not part of your organization's menu");
  });

  it("asks before leaving with unsaved changes: Keep Editing stays, Discard Changes leaves", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer() } });
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Industry"), "Retail");

    await user.click(screen.getByRole("link", { name: "Leave" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    expect(within(dialog).getByText("You have unsaved changes. Leave this page and discard them?")).toBeDefined();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Keep Editing" }));
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/goals");
    expect((screen.getByLabelText("Industry") as HTMLInputElement).value).toBe("Retail");

    await user.click(screen.getByRole("link", { name: "Leave" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Unsaved changes" })).getByRole("button", { name: "Discard Changes" }));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/elsewhere");
  });

  it("warns the browser before the tab closes only while there are unsaved changes", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer() } });
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByLabelText("Industry");
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(field, "Retail");
    expect(unload()).toBe(true);
    await user.clear(field);
    await vi.waitFor(() => expect(unload()).toBe(false));
  });

  it("takes in answers saved elsewhere, unless the form has edits of its own", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer({ "business-setup": { data_snapshot: COMPLETE_ANSWERS } }) } });
    const { queryClient } = renderPage();
    const industry = (await screen.findByLabelText("Industry")) as HTMLInputElement;
    const saveElsewhere = (answers: Record<string, unknown>, completed: boolean) =>
      act(() =>
        queryClient.setQueryData(
          queryKeys.launchpad,
          launchpadAnswer({ "business-setup": { is_completed: completed, data_snapshot: { ...COMPLETE_ANSWERS, ...answers } } }),
        ),
      );

    saveElsewhere({ industry: "Food and beverage" }, false);
    await vi.waitFor(() => expect(industry.value).toBe("Food and beverage"));

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Website (optional)"));
    saveElsewhere({ industry: "Chemicals" }, true);
    // The badge shows the news arrived; the edited form kept its own values.
    expect(await screen.findByText("Complete")).toBeDefined();
    expect(industry.value).toBe("Food and beverage");
    expect((screen.getByLabelText("Website (optional)") as HTMLInputElement).value).toBe("");
  });

  it("shows a failed load with a retry", async () => {
    installFakeApi({ "GET /api/launchpad": { status: 500, body: { error: { code: "internal", message: "Something went wrong" } } } });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });
});
