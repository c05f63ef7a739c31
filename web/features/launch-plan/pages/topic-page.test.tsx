import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LAUNCH_PLAN_MESSAGES, type TopicDetail } from "#common/contracts/launch-plan";
import { type FakeAnswer, type FakeReply, type RecordedRequest, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { API, IDS, NOT_FOUND, QUESTIONS, breadcrumbTrail, courseDetail, renderLearning, topicDetail } from "#web/features/launch-plan/learning-test-kit.tsx";


afterEach(() => vi.unstubAllGlobals());

const READING = topicDetail({ id: IDS.reading, title: "Why a launch plan", type: "reading", status: "in_progress", body_markdown: "# What it is\n\nA plan of **milestones**." });
const VIDEO = topicDetail({ id: IDS.video, title: "A tour of the portal", type: "video", status: "in_progress", video_url: "https://cdn.example.com/tour.MP4?v=2" });
const ACTIVITY = topicDetail({ id: IDS.activity, title: "Name your project team", type: "activity", status: "in_progress", body_markdown: "List **three** people." });
const SURVEY = topicDetail({
  id: IDS.survey,
  title: "How did it go?",
  type: "survey",
  status: "in_progress",
  questions: [QUESTIONS.companies, QUESTIONS.currency],
  placements: [{ lesson_id: IDS.feedback, course_id: IDS.course }],
});

/**
 * The topics as a small server keeps them: progress writes change what the next read answers,
 * and a failure queued with `failNext` answers the next progress write instead.
 */
function serveTopics(topics: TopicDetail[], extra: Record<string, FakeAnswer> = {}) {
  const stored = new Map(topics.map((topic) => [topic.id, topic]));
  const failures: FakeReply[] = [];
  const answers: Record<string, FakeAnswer> = { [API.course(IDS.course)]: { body: courseDetail() } };
  for (const topic of topics) {
    answers[API.topic(topic.id)] = () => ({ body: stored.get(topic.id) });
    answers[API.progress(topic.id)] = (request: RecordedRequest) => {
      const failure = failures.shift();
      if (failure) return failure;
      const { status } = request.body as { status: "in_progress" | "complete" };
      stored.set(topic.id, { ...(stored.get(topic.id) ?? topic), status });
      return { body: { topic_id: topic.id, status } };
    };
  }
  const api = installFakeApi({ ...answers, ...extra });
  return { api, failNext: (reply: FakeReply) => failures.push(reply) };
}

const SERVER_FAILURE = { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } };

function path(topic: TopicDetail, lessonId: string = IDS.gettingStarted) {
  return `/topic/${IDS.course}/${lessonId}/${topic.id}`;
}

function writes(api: ReturnType<typeof installFakeApi>) {
  return api.requests.filter((request) => request.method !== "GET").map((request) => [`${request.method} ${request.path}`, request.body]);
}

describe("the topic page", () => {
  it("shows a reading's Markdown and completes it with Mark as complete, the button disabled while it saves", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let status: TopicDetail["status"] = "in_progress";
    const api = installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail() },
      [API.topic(IDS.reading)]: () => ({ body: { ...READING, status } }),
      [API.progress(IDS.reading)]: async () => {
        await held;
        status = "complete";
        return { body: { topic_id: IDS.reading, status } };
      },
    });
    renderLearning(path(READING));

    // The Markdown renderer loads on demand: the first time in a test run takes a while.
    expect(await screen.findByRole("heading", { level: 2, name: "What it is" }, { timeout: 3000 })).toBeDefined();
    expect(screen.getByText("milestones").tagName).toBe("STRONG");
    await userEvent.click(screen.getByRole("button", { name: "Mark as complete" }));
    expect((screen.getByRole("button", { name: "Saving…" }) as HTMLButtonElement).disabled).toBe(true);
    release();
    const completed = await screen.findByText("Completed");
    expect(screen.queryByRole("button", { name: "Mark as complete" })).toBeNull();
    // The button is gone: focus waits on what replaced it, not at the top of the page.
    expect(document.activeElement).toBe(completed);
    expect(api.to(API.progress(IDS.reading)).map((request) => request.body)).toEqual([{ status: "complete" }]);
  });

  it("records a topic opened for the first time as in progress, silently, with two reads", async () => {
    const { api } = serveTopics([{ ...ACTIVITY, status: null }]);
    renderLearning(path(ACTIVITY));
    await screen.findByRole("heading", { level: 1, name: "Name your project team" });
    await vi.waitFor(() => expect(writes(api)).toEqual([[API.progress(IDS.activity), { status: "in_progress" }]]));
    expect(api.requests.filter((request) => request.method === "GET")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Mark as done" })).toBeDefined();
  });

  it("records nothing for a topic already started", async () => {
    const { api } = serveTopics([ACTIVITY]);
    renderLearning(path(ACTIVITY));
    await screen.findByRole("heading", { level: 1, name: "Name your project team" });
    expect(writes(api)).toEqual([]);
  });

  it("stays quiet when recording the opening fails", async () => {
    const { api, failNext } = serveTopics([{ ...ACTIVITY, status: null }]);
    failNext(SERVER_FAILURE);
    renderLearning(path(ACTIVITY));
    await vi.waitFor(() => expect(api.to(API.progress(IDS.activity))).toHaveLength(1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(toasts.error).toEqual([]);
  });

  it("completes an activity with Mark as done, and shows a failure beside the button", async () => {
    const { failNext } = serveTopics([ACTIVITY]);
    failNext(SERVER_FAILURE);
    renderLearning(path(ACTIVITY));
    expect(await screen.findByText("three", undefined, { timeout: 3000 })).toBeDefined();
    await userEvent.click(screen.getByRole("button", { name: "Mark as done" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong on our side.");
    await userEvent.click(screen.getByRole("button", { name: "Mark as done" }));
    expect(await screen.findByText("Completed")).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("plays a video file and completes the topic when it ends", async () => {
    const { api } = serveTopics([VIDEO]);
    renderLearning(path(VIDEO));
    await screen.findByRole("heading", { level: 1, name: "A tour of the portal" });
    const video = document.querySelector("video");
    expect(video?.getAttribute("src")).toBe("https://cdn.example.com/tour.MP4?v=2");
    expect(video?.hasAttribute("controls")).toBe(true);
    expect(screen.getByRole("link", { name: /^Open video/ }).getAttribute("href")).toBe("https://cdn.example.com/tour.MP4?v=2");
    fireEvent.ended(video as HTMLVideoElement);
    expect(await screen.findByText("Completed")).toBeDefined();
    expect(api.to(API.progress(IDS.video)).map((request) => request.body)).toEqual([{ status: "complete" }]);
  });

  it("plays the curriculum's own video file from the portal's signed link, which names no extension", async () => {
    const signed = "/api/files/curriculum-videos/5f2a?expires=1900000000&signature=abc";
    serveTopics([{ ...VIDEO, video_url: null, video_file_url: signed }]);
    renderLearning(path(VIDEO));
    await screen.findByRole("heading", { level: 1, name: "A tour of the portal" });
    const video = document.querySelector("video");
    expect(video?.getAttribute("src")).toBe(signed);
    expect(video?.hasAttribute("controls")).toBe(true);
    expect(video?.getAttribute("aria-label")).toBe("A tour of the portal");
    expect(screen.getByRole("link", { name: /^Open video/ }).getAttribute("href")).toBe(signed);
  });

  it("embeds a YouTube link in the privacy-enhanced player, with Mark as complete and a direct link", async () => {
    serveTopics([{ ...VIDEO, video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42" }]);
    renderLearning(path(VIDEO));
    const player = await screen.findByTitle("YouTube video: A tour of the portal");
    expect(player.tagName).toBe("IFRAME");
    expect(player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42");
    expect(screen.getByRole("link", { name: /^Open video/ }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42");
    await userEvent.click(screen.getByRole("button", { name: "Mark as complete" }));
    expect(await screen.findByText("Completed")).toBeDefined();
  });

  it("saves a survey's answers, then completes it", async () => {
    const { api } = serveTopics([SURVEY], {
      [API.answers]: { body: { answers: [{ question_key: "fin-multi-currency", answer: true, version: 1, saved_at: null }], written: 1 } },
    });
    renderLearning(path(SURVEY, IDS.feedback));
    const form = await screen.findByRole("form", { name: "Answers to How did it go?" });
    await userEvent.click(within(form).getByRole("radio", { name: "Yes" }));
    await userEvent.click(within(form).getByRole("button", { name: "Submit answers" }));
    expect(document.activeElement).toBe(await screen.findByText("Completed"));
    expect(screen.getByRole("button", { name: "Save answers" })).toBeDefined();
    expect(writes(api)).toEqual([
      [API.answers, { answers: [{ question_key: "fin-multi-currency", value: true }] }],
      [API.progress(IDS.survey), { status: "complete" }],
    ]);
    expect(toasts.success).toEqual([["Answers submitted"]]);
  });

  it("asks for every answer before completing a survey, saving what was given", async () => {
    const { api } = serveTopics([{ ...SURVEY, questions: [{ ...QUESTIONS.companies, answer: null }, QUESTIONS.currency] }], {
      [API.answers]: { body: { answers: [{ question_key: "fin-number-of-companies", answer: 3, version: 1, saved_at: null }], written: 1 } },
    });
    renderLearning(path(SURVEY, IDS.feedback));
    await userEvent.type(await screen.findByRole("textbox", { name: /^How many companies\?/ }), "3");
    await userEvent.click(screen.getByRole("button", { name: "Submit answers" }));
    expect((await screen.findByRole("alert")).textContent).toBe(LAUNCH_PLAN_MESSAGES.surveyUnanswered);
    expect(screen.getByText("Answer this question")).toBeDefined();
    expect(writes(api)).toEqual([[API.answers, { answers: [{ question_key: "fin-number-of-companies", value: 3 }] }]]);
  });

  it("shows the server's 409 when the survey cannot be completed", async () => {
    const answered = { ...SURVEY, questions: [QUESTIONS.companies, { ...QUESTIONS.currency, answer: false }] };
    serveTopics([answered], {
      [API.progress(IDS.survey)]: { status: 409, body: { error: { code: "conflict", message: LAUNCH_PLAN_MESSAGES.surveyUnanswered } } },
    });
    renderLearning(path(SURVEY, IDS.feedback));
    await userEvent.click(await screen.findByRole("button", { name: "Submit answers" }));
    expect((await screen.findByRole("alert")).textContent).toBe(LAUNCH_PLAN_MESSAGES.surveyUnanswered);
    expect(screen.queryByText("Completed")).toBeNull();
  });

  it("opens /topic/{id} where the topic is first placed, in two reads, with Previous and Next topic", async () => {
    const { api } = serveTopics([VIDEO]);
    renderLearning(`/topic/${IDS.video}`);
    await screen.findByRole("heading", { level: 1, name: "A tour of the portal" });
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Discovery", `/milestone/${IDS.discovery}`],
      ["Launch basics", `/course/${IDS.course}`],
      ["Getting started", `/lesson/${IDS.gettingStarted}/${IDS.course}`],
      ["A tour of the portal", null],
    ]);
    const pager = screen.getByRole("navigation", { name: "Topic navigation" });
    expect(within(pager).getByRole("link", { name: /^Previous/ }).getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.reading}`);
    expect(within(pager).getByRole("link", { name: /^Next topic/ }).getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.activity}`);
    expect(api.requests.map((request) => request.path)).toEqual([`/api/launch-plan/topics/${IDS.video}`, `/api/launch-plan/courses/${IDS.course}`]);
  });

  it("goes on to the next lesson's topic, and after the last back to the course", async () => {
    serveTopics([ACTIVITY, SURVEY]);
    const { router } = renderLearning(path(ACTIVITY));
    const next = await screen.findByRole("link", { name: /^Next topic/ });
    expect(next.getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.feedback}/${IDS.survey}`);
    await userEvent.click(next);
    expect(await screen.findByRole("heading", { level: 1, name: "How did it go?" })).toBeDefined();
    expect(router.state.location.pathname).toBe(`/topic/${IDS.course}/${IDS.feedback}/${IDS.survey}`);
    expect(screen.getByRole("link", { name: /^Back to the course/ }).getAttribute("href")).toBe(`/course/${IDS.course}`);
    expect(screen.getByRole("link", { name: /^Previous/ }).getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.activity}`);
  });

  it("shows Topic not found with the way back to the Launch Plan", async () => {
    installFakeApi({ [API.topic(IDS.reading)]: NOT_FOUND("Topic not found"), [API.course(IDS.course)]: { body: courseDetail() } });
    renderLearning(path(READING));
    expect(await screen.findByRole("heading", { level: 1, name: "Topic not found" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Back to the Launch Plan" }).getAttribute("href")).toBe("/system-refinement");
  });
});
