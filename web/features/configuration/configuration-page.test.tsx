import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SavedConfigurationAnswers } from "#common/contracts/configuration";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { FINANCIALS_QUESTIONS, GENERAL_QUESTIONS, configurationAnswer, moduleOf, questionOf, renderConfigurationPage } from "./configuration-test-kit.tsx";

const downloads = recordDownloadsForEachTest();

const GET = "GET /api/configuration";
const PUT = "PUT /api/configuration/responses";
const SUBMIT = "POST /api/configuration/modules/Financials/submit";
const REOPEN = "POST /api/configuration/modules/Financials/reopen";

const financials = (state?: { submitted?: boolean; employee?: boolean }) => moduleOf("Financials", FINANCIALS_QUESTIONS, state);
const general = () => moduleOf("General", GENERAL_QUESTIONS);

function savedAnswer(answers: { question_key: string; value: unknown }[]): SavedConfigurationAnswers {
  return { written: answers.length, answers: answers.map((answer) => ({ question_key: answer.question_key, answer: answer.value as never, version: 2, saved_at: "2030-03-05T09:00:00.000Z" })) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ConfigurationPage", () => {
  it("shows one tab per module with its progress, and the selected module's questions", async () => {
    installFakeApi({ [GET]: { body: configurationAnswer([financials(), general()]) } });
    renderConfigurationPage();
    expect(screen.getByRole("heading", { level: 1, name: "Configuration" })).toBeDefined();
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Financials1 of 3 required", "General1 of 2 required"]);
    expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");

    const panel = screen.getByRole("tabpanel", { name: /Financials/ });
    expect(within(panel).getByText("1 of 3 required answered · 1 of 4 answered in all")).toBeDefined();
    expect((within(panel).getByRole("textbox", { name: "How many companies? (required)" }) as HTMLInputElement).value).toBe("2");
    expect(within(panel).getByText("Each legal entity counts.")).toBeDefined();
    expect(within(panel).getByRole("group", { name: "Dimensions (required)" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Export CSV" }), "members do not export").toBeNull();
    expect(screen.queryByRole("button", { name: "Reopen" })).toBeNull();

    await userEvent.click(tabs[0] as HTMLElement);
    await userEvent.keyboard("{ArrowRight}");
    expect(tabs[1]?.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(tabs[1]);
    expect(screen.getByRole("tabpanel", { name: /General/ })).toBeDefined();
    expect(screen.queryByRole("tabpanel", { name: /Financials/ }), "the other panel is hidden").toBeNull();
  });

  it("saves the module's changed answers as a draft", async () => {
    const api = installFakeApi({ [GET]: { body: configurationAnswer([financials()]) }, [PUT]: ({ body }) => ({ body: savedAnswer((body as { answers: [] }).answers) }) });
    renderConfigurationPage();
    const save = await screen.findByRole("button", { name: "Save draft" });
    expect((save as HTMLButtonElement).disabled, "nothing to save yet").toBe(true);

    const companies = screen.getByRole("textbox", { name: "How many companies? (required)" });
    await userEvent.clear(companies);
    await userEvent.type(companies, "3");
    await userEvent.click(within(screen.getByRole("group", { name: "Multi-currency? (required)" })).getByLabelText("Yes"));
    await userEvent.click(screen.getByLabelText("Region"));
    await userEvent.click(screen.getByLabelText("Department"));
    expect((screen.getByRole("button", { name: "Submit module" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Save your changes before submitting.")).toBeDefined();
    await userEvent.click(save);

    await waitFor(() => expect(api.to(PUT)).toHaveLength(1));
    expect(api.to(PUT)[0]?.body).toEqual({
      answers: [
        { question_key: "fin-number-of-companies", value: 3 },
        { question_key: "fin-multi-currency", value: true },
        { question_key: "fin-subaccount-segments", value: ["Department", "Region"] },
      ],
    });
    await waitFor(() => expect(toasts.success).toEqual([["Answers saved"]]));
  });

  it("checks answers in the browser and places the server's problems on their questions", async () => {
    const api = installFakeApi({
      [GET]: { body: configurationAnswer([financials()]) },
      [PUT]: { status: 400, body: { error: { code: "validation_failed", message: "answers.0.value: Too long", details: [{ path: "answers.0.value", message: "Too long" }] } } },
    });
    renderConfigurationPage();
    const companies = await screen.findByRole("textbox", { name: "How many companies? (required)" });
    await userEvent.clear(companies);
    await userEvent.type(companies, "many");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Enter a number")).toBeDefined();
    expect(companies.getAttribute("aria-invalid")).toBe("true");
    expect(api.to(PUT)).toHaveLength(0);

    await userEvent.clear(companies);
    await userEvent.type(companies, "4");
    await userEvent.type(screen.getByRole("textbox", { name: "Which branches?" }), "North");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Too long")).toBeDefined();
    expect(screen.getByRole("textbox", { name: "How many companies? (required)" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a refusal that is about no one question above the buttons", async () => {
    installFakeApi({
      [GET]: { body: configurationAnswer([financials()]) },
      [PUT]: { status: 409, body: { error: { code: "conflict", message: "This module has been submitted. Ask your provider to reopen it to change answers." } } },
    });
    renderConfigurationPage();
    await userEvent.type(await screen.findByRole("textbox", { name: "Which branches?" }), "North");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This module has been submitted. Ask your provider to reopen it to change answers.");
  });

  it("submits a complete module after confirming, then shows it read-only with who submitted it", async () => {
    const complete = moduleOf("Financials", FINANCIALS_QUESTIONS.map((question) => (question.required ? { ...question, answer: question.kind === "yes_no" ? true : question.kind === "multiple_choice" ? ["Project"] : 2 } : question)));
    const submitted = moduleOf("Financials", complete.questions, { submitted: true });
    const api = installFakeApi({ [GET]: { body: configurationAnswer([complete]) }, [SUBMIT]: { body: configurationAnswer([submitted]) } });
    renderConfigurationPage();
    await userEvent.click(await screen.findByRole("button", { name: "Submit module" }));
    const dialog = screen.getByRole("alertdialog", { name: "Submit Financials?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit module" }));

    await waitFor(() => expect(api.to(SUBMIT)).toHaveLength(1));
    expect(await screen.findByText(/^Submitted on .+ by Ana Lima\.$/)).toBeDefined();
    expect(toasts.success).toEqual([["Module submitted"]]);
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    expect((screen.getByRole("textbox", { name: "How many companies? (required)" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole("tab", { name: /Financials/ }).textContent).toContain("Submitted");
  });

  it("says how many required answers are missing before a module can be submitted", async () => {
    installFakeApi({ [GET]: { body: configurationAnswer([financials()]) } });
    renderConfigurationPage();
    expect(((await screen.findByRole("button", { name: "Submit module" })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Answer every required question to submit (2 left).")).toBeDefined();
  });

  it("lets an employee export the answers and reopen a submitted module with a reason", async () => {
    const reopened = { ...financials({ employee: true }), reopened: { at: "2030-03-06T10:00:00.000Z", by_name: "Eva Employee", reason: "New entity" } };
    const api = installFakeApi({
      [GET]: { body: configurationAnswer([financials({ submitted: true, employee: true })], true) },
      [REOPEN]: { body: configurationAnswer([reopened], true) },
      "GET /api/configuration/export": { body: "Module,Question key", headers: { "content-disposition": 'attachment; filename="configuration-acme-2030-03-05.csv"' } },
    });
    renderConfigurationPage();
    await userEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [download] = downloads;
    expect(download?.fileName).toBe("configuration-acme-2030-03-05.csv");
    expect(await download?.blob?.text()).toContain("Module,Question key");
    expect(api.to("GET /api/configuration/export")[0]?.headers.accept).toBe("text/csv");

    await userEvent.click(screen.getByRole("button", { name: "Reopen" }));
    const dialog = screen.getByRole("dialog", { name: "Reopen Financials" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "ab");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reopen module" }));
    expect(await within(dialog).findByText("Reason must be at least 3 characters")).toBeDefined();
    expect(api.to(REOPEN)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText("Reason"), "c: new entity");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reopen module" }));
    await waitFor(() => expect(api.to(REOPEN)).toHaveLength(1));
    expect(api.to(REOPEN)[0]?.body).toEqual({ reason: "abc: new entity" });
    expect(await screen.findByText(/^Reopened on .+ by Eva Employee: New entity$/)).toBeDefined();
    expect(screen.getByRole("button", { name: "Save draft" })).toBeDefined();
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character answer whole, counts it and refuses to save it", async () => {
    const api = installFakeApi({ [GET]: { body: configurationAnswer([financials()]) } });
    renderConfigurationPage();
    const user = userEvent.setup();
    const branches = (await screen.findByRole("textbox", { name: "Which branches?" })) as HTMLTextAreaElement;
    await user.click(branches);
    await user.paste("x".repeat(60_000));
    expect(branches.value).toHaveLength(60_000);
    expect(screen.getByText("60,000 / 2,000")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Answer must be at most 2000 characters")).toBeDefined();
    expect(branches.value).toHaveLength(60_000);
    expect(api.to(PUT)).toHaveLength(0);
  });

  it("keeps a pasted 60,000-character reason whole, counts it and refuses to send it", async () => {
    const api = installFakeApi({ [GET]: { body: configurationAnswer([financials({ submitted: true, employee: true })], true) } });
    renderConfigurationPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reopen" }));
    const dialog = screen.getByRole("dialog", { name: "Reopen Financials" });
    const reason = within(dialog).getByLabelText("Reason") as HTMLTextAreaElement;
    expect(reason.hasAttribute("maxlength")).toBe(false);
    await user.click(reason);
    await user.paste("x".repeat(60_000));

    expect(reason.value).toHaveLength(60_000);
    expect(reason.getAttribute("aria-describedby")).toContain(within(dialog).getByText("60,000 / 500").id);
    await user.click(within(dialog).getByRole("button", { name: "Reopen module" }));
    expect(await within(dialog).findByText("Reason must be at most 500 characters")).toBeDefined();
    expect(reason.value).toHaveLength(60_000);
    expect(api.to(REOPEN)).toHaveLength(0);
  });

  it("clears a failed reopening as soon as the reason changes", async () => {
    const api = installFakeApi({
      [GET]: { body: configurationAnswer([financials({ submitted: true, employee: true })], true) },
      [REOPEN]: { status: 503, body: { error: { code: "unavailable", message: "Reopening is unavailable right now" } } },
    });
    renderConfigurationPage();
    await userEvent.click(await screen.findByRole("button", { name: "Reopen" }));
    const dialog = screen.getByRole("dialog", { name: "Reopen Financials" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "New entity");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reopen module" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Reopening is unavailable right now");

    await userEvent.type(within(dialog).getByLabelText("Reason"), " added");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(api.to(REOPEN)).toHaveLength(1);
  });

  it("asks before leaving with unsaved answers", async () => {
    installFakeApi({ [GET]: { body: configurationAnswer([financials(), general()]) } });
    const { router } = renderConfigurationPage();
    await userEvent.type(await screen.findByRole("textbox", { name: "Which branches?" }), "North");
    await userEvent.click(screen.getByRole("tab", { name: /General/ }));
    await userEvent.click(screen.getByRole("link", { name: "Leave" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    expect(router.state.location.pathname).toBe("/configuration");
    await userEvent.click(screen.getByRole("tab", { name: /Financials/ }));
    expect((screen.getByRole("textbox", { name: "Which branches?" }) as HTMLTextAreaElement).value, "edits survive a switch of tabs").toBe("North");
  });

  it("says when the plan has no questions yet", async () => {
    installFakeApi({ [GET]: { body: configurationAnswer([]) } });
    renderConfigurationPage();
    expect(await screen.findByText(/Your plan has no configuration questions yet/)).toBeDefined();
  });

  it("keeps a single long option inside the card on a narrow screen", async () => {
    const long = "An option whose text runs on far longer than a phone screen is wide, so that it must wrap onto several lines";
    installFakeApi({ [GET]: { body: configurationAnswer([moduleOf("General", [questionOf({ key: "gen-long", kind: "single_choice", options: [long] })])]) } });
    renderConfigurationPage();
    const option = await screen.findByText(long);
    expect(option.className).toContain("break-words");
    expect(screen.getByRole("tablist").className).toContain("flex-wrap");
  });
});
