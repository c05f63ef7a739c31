import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIGURATION_MESSAGES } from "#common/contracts/configuration";
import type { LessonDetail } from "#common/contracts/launch-plan";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { API, IDS, NOT_FOUND, QUESTIONS, breadcrumbTrail, courseDetail, lessonDetail, question, renderLearning } from "#web/features/launch-plan/learning-test-kit.tsx";


afterEach(() => vi.unstubAllGlobals());

const QUESTIONS_LESSON = lessonDetail({ id: IDS.configuration, title: "Your configuration", description: null, topics: [], questions: [QUESTIONS.companies, QUESTIONS.currency], course_ids: [IDS.course] });

function reads(api: ReturnType<typeof installFakeApi>) {
  return api.requests.filter((request) => request.method === "GET").map((request) => request.path);
}

describe("the lesson page", () => {
  it("lists the lesson's topics with their type, duration and status, linking to their pages", async () => {
    const api = installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.gettingStarted)]: { body: lessonDetail() } });
    renderLearning(`/lesson/${IDS.gettingStarted}/${IDS.course}`);

    expect(await screen.findByRole("heading", { level: 1, name: "Getting started" })).toBeDefined();
    expect(screen.getByText("The first steps.")).toBeDefined();
    const topics = within(screen.getByRole("region", { name: "Topics" })).getAllByRole("listitem");
    expect(topics.map((topic) => topic.textContent)).toEqual([
      "Why a launch planReading5 minCompleted",
      "A tour of the portalVideo12 minIn progress",
      "Name your project teamActivity1 h 30 minNot started",
    ]);
    expect(within(topics[1] as HTMLElement).getByRole("link").getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.video}`);
    expect(screen.getByRole("link", { name: "Continue: A tour of the portal" }).getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.video}`);
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Discovery", `/milestone/${IDS.discovery}`],
      ["Launch basics", `/course/${IDS.course}`],
      ["Getting started", null],
    ]);
    expect(reads(api).sort()).toEqual([`/api/launch-plan/courses/${IDS.course}`, `/api/launch-plan/lessons/${IDS.gettingStarted}`]);
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("opens /lesson/{id} in the lesson's first course, in two reads", async () => {
    const api = installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.gettingStarted)]: { body: lessonDetail() } });
    renderLearning(`/lesson/${IDS.gettingStarted}`);
    const nav = await screen.findByRole("navigation", { name: "Course outline" });
    expect(within(nav).getByRole("link", { name: /^Getting started/ }).getAttribute("aria-current")).toBe("page");
    expect(breadcrumbTrail().map(([label]) => label)).toEqual(["Launch Plan", "Discovery", "Launch basics", "Getting started"]);
    expect(reads(api)).toEqual([`/api/launch-plan/lessons/${IDS.gettingStarted}`, `/api/launch-plan/courses/${IDS.course}`]);
  });

  it("keeps the nested form and the path's milestone", async () => {
    installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.gettingStarted)]: { body: lessonDetail() } });
    const nested = `/system-refinement/milestone/${IDS.design}/course/${IDS.course}`;
    renderLearning(`${nested}/lesson/${IDS.gettingStarted}`);
    await screen.findByRole("heading", { level: 1, name: "Getting started" });
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Design", `/milestone/${IDS.design}`],
      ["Launch basics", nested],
      ["Getting started", null],
    ]);
    expect(within(screen.getByRole("region", { name: "Topics" })).getByRole("link", { name: "Why a launch plan" }).getAttribute("href")).toBe(
      `${nested}/lesson/${IDS.gettingStarted}/topic/${IDS.reading}`,
    );
  });

  it("repeats the lock reason in one line above a lesson of a locked course", async () => {
    const reason = "Complete the following milestones first: Discovery";
    installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail({ milestones: [{ id: IDS.design, title: "Design", lock: { locked: true, reason } }] }) },
      [API.lesson(IDS.gettingStarted)]: { body: lessonDetail() },
    });
    renderLearning(`/lesson/${IDS.gettingStarted}/${IDS.course}`);
    expect((await screen.findByText("Design is locked.")).parentElement?.textContent).toBe(`Design is locked. ${reason}`);
    expect(screen.getByRole("region", { name: "Topics" })).toBeDefined();
  });

  it("answers the lesson's questions in place and saves only what changed", async () => {
    let lesson: LessonDetail = QUESTIONS_LESSON;
    const api = installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail() },
      [API.lesson(IDS.configuration)]: () => ({ body: lesson }),
      [API.answers]: (request) => {
        lesson = { ...lesson, questions: [QUESTIONS.companies, { ...QUESTIONS.currency, answer: true }] };
        const answers = (request.body as { answers: { question_key: string; value: unknown }[] }).answers;
        return { body: { answers: answers.map((entry) => ({ question_key: entry.question_key, answer: entry.value, version: 1, saved_at: "2030-03-01T09:00:00.000Z" })), written: answers.length } };
      },
    });
    renderLearning(`/lesson/${IDS.configuration}/${IDS.course}`);
    const form = await screen.findByRole("form", { name: "Answers to Your configuration" });
    expect(screen.getByText("1 of 2 answered")).toBeDefined();
    expect(screen.getByRole("progressbar", { name: "Questions answered" }).getAttribute("aria-valuenow")).toBe("50");
    expect((within(form).getByRole("textbox", { name: /^How many companies\?/ }) as HTMLInputElement).value).toBe("2");
    const save = within(form).getByRole("button", { name: "Save answers" });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(form).getByRole("radio", { name: "Yes" }));
    await userEvent.click(save);

    expect(await screen.findByText("2 of 2 answered")).toBeDefined();
    expect(api.to(API.answers).map((request) => request.body)).toEqual([{ answers: [{ question_key: "fin-multi-currency", value: true }] }]);
    expect(toasts.success).toEqual([[CONFIGURATION_MESSAGES.saved]]);
  });

  it("checks an answer by its question's rules before saving", async () => {
    const api = installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.configuration)]: { body: QUESTIONS_LESSON } });
    renderLearning(`/lesson/${IDS.configuration}/${IDS.course}`);
    const input = await screen.findByRole("textbox", { name: /^How many companies\?/ });
    await userEvent.clear(input);
    await userEvent.type(input, "many");
    await userEvent.click(screen.getByRole("button", { name: "Save answers" }));
    expect(await screen.findByText("Enter a number")).toBeDefined();
    expect(api.to(API.answers)).toEqual([]);
  });

  it("shows the server's refusal when the module was submitted meanwhile", async () => {
    installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail() },
      [API.lesson(IDS.configuration)]: { body: QUESTIONS_LESSON },
      [API.answers]: { status: 409, body: { error: { code: "conflict", message: CONFIGURATION_MESSAGES.moduleSubmitted } } },
    });
    renderLearning(`/lesson/${IDS.configuration}/${IDS.course}`);
    await userEvent.click(await screen.findByRole("radio", { name: "No" }));
    await userEvent.click(screen.getByRole("button", { name: "Save answers" }));
    expect((await screen.findByRole("alert")).textContent).toBe(CONFIGURATION_MESSAGES.moduleSubmitted);
    expect(toasts.success).toEqual([]);
  });

  it("shows a submitted module's answers read-only, with a note and nothing to save", async () => {
    const readOnly = lessonDetail({
      ...QUESTIONS_LESSON,
      questions: [{ ...QUESTIONS.companies, read_only: true }, question({ key: "fin-currency-code", kind: "text", prompt: "Base currency", answer: "EUR", read_only: true })],
    });
    installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.configuration)]: { body: readOnly } });
    renderLearning(`/lesson/${IDS.configuration}/${IDS.course}`);
    const form = await screen.findByRole("form", { name: "Answers to Your configuration" });
    expect(within(form).getByText(/These answers were submitted with the configuration and are read-only/)).toBeDefined();
    expect((within(form).getByRole("textbox", { name: /^How many companies\?/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByRole("textbox", { name: /^Base currency/ }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(form).queryByRole("button", { name: "Save answers" })).toBeNull();
    expect(screen.getByText("2 of 2 answered")).toBeDefined();
  });

  it("never sends a read-only answer beside an editable one", async () => {
    const mixed = lessonDetail({ ...QUESTIONS_LESSON, questions: [{ ...QUESTIONS.companies, read_only: true }, { ...QUESTIONS.currency, module: "General" }] });
    const api = installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail() },
      [API.lesson(IDS.configuration)]: { body: mixed },
      [API.answers]: { body: { answers: [{ question_key: "fin-multi-currency", answer: false, version: 1, saved_at: null }], written: 1 } },
    });
    renderLearning(`/lesson/${IDS.configuration}/${IDS.course}`);
    expect(await screen.findByText(/Some of these answers were submitted/)).toBeDefined();
    await userEvent.click(screen.getByRole("radio", { name: "No" }));
    await userEvent.click(screen.getByRole("button", { name: "Save answers" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([[CONFIGURATION_MESSAGES.saved]]));
    expect(api.to(API.answers).map((request) => request.body)).toEqual([{ answers: [{ question_key: "fin-multi-currency", value: false }] }]);
  });

  it("shows a question Financial Setup answers as its answer with a link there, without the submitted note", async () => {
    const answeredIn = { page_id: "financial-setup", label: "Financial Setup", route: "/financial-calendar" };
    const linked = question({ key: "fin-base-currency", kind: "text", prompt: "Base currency", answer: "EUR", read_only: true, answered_in: answeredIn });
    installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.configuration)]: { body: lessonDetail({ ...QUESTIONS_LESSON, questions: [QUESTIONS.companies, linked] }) } });
    renderLearning(`/lesson/${IDS.configuration}/${IDS.course}`);
    const form = await screen.findByRole("form", { name: "Answers to Your configuration" });
    const group = within(form).getByRole("group", { name: /^Base currency/ });
    expect(group.textContent).toContain("EUR");
    expect(within(group).getByRole("link", { name: "Financial Setup" }).getAttribute("href")).toBe("/financial-calendar");
    expect(within(form).queryByText(/submitted with the configuration/)).toBeNull();
    expect(within(form).getByRole("button", { name: "Save answers" })).toBeDefined();
  });

  it("shows Lesson not found with the way back to the Launch Plan", async () => {
    installFakeApi({ [API.lesson(IDS.gettingStarted)]: NOT_FOUND("Lesson not found") });
    renderLearning(`/lesson/${IDS.gettingStarted}/${IDS.course}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Lesson not found" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Back to the Launch Plan" }).getAttribute("href")).toBe("/system-refinement");
  });

  it("shows Course not found when the address names a course that does not exist", async () => {
    installFakeApi({ [API.lesson(IDS.gettingStarted)]: { body: lessonDetail() }, [API.course(IDS.otherCourse)]: NOT_FOUND("Course not found") });
    renderLearning(`/lesson/${IDS.gettingStarted}/${IDS.otherCourse}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Course not found" })).toBeDefined();
  });

  it("shows a lesson in no course without a sidebar, its topics on their short route", async () => {
    installFakeApi({ [API.lesson(IDS.gettingStarted)]: { body: lessonDetail({ course_ids: [] }) } });
    renderLearning(`/lesson/${IDS.gettingStarted}`);
    await screen.findByRole("heading", { level: 1, name: "Getting started" });
    expect(screen.queryByRole("navigation", { name: "Course outline" })).toBeNull();
    expect(screen.getByRole("link", { name: "Why a launch plan" }).getAttribute("href")).toBe(`/topic/${IDS.reading}`);
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Getting started", null],
    ]);
  });
});
