import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { API, IDS, NOT_FOUND, breadcrumbTrail, courseDetail, currentPath, renderLearning } from "#web/features/launch-plan/learning-test-kit.tsx";

afterEach(() => vi.unstubAllGlobals());

const LOCK_REASON = "Complete the following milestones first: Discovery";

describe("the course page", () => {
  it("shows the course, its progress and each lesson with its count or description and its way in, in one read", async () => {
    const api = installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() } });
    renderLearning(`/course/${IDS.course}`);

    expect(await screen.findByRole("heading", { level: 1, name: "Launch basics" })).toBeDefined();
    expect(screen.getByText("What a launch takes, step by step.")).toBeDefined();
    const progress = screen.getByRole("progressbar", { name: "Your progress in this course" });
    expect(progress.getAttribute("aria-valuenow")).toBe("20");
    expect(screen.getByText("0 of 5 lessons complete")).toBeDefined();

    const lessons = within(screen.getByRole("region", { name: "Lessons" })).getAllByRole("listitem");
    expect(lessons.map((lesson) => within(lesson).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Getting started",
      "Your configuration",
      "Background",
      "Vendor onboarding",
      "Feedback",
    ]);
    const [started, configuration, background, emptyLesson, feedback] = lessons as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(started).getByText("1/3 topics complete")).toBeDefined();
    // The first unfinished topic: the reading is complete, the video is not.
    expect(within(started).getByRole("link", { name: "Continue: Getting started" }).getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.video}`);
    expect(within(configuration).getByText("1/2 questions answered")).toBeDefined();
    expect(within(configuration).getByRole("link", { name: "Continue: Your configuration" }).getAttribute("href")).toBe(`/lesson/${IDS.configuration}/${IDS.course}`);
    expect(within(background).getByText("Some context for later.")).toBeDefined();
    expect(within(background).queryByRole("link", { name: /^Start/ })).toBeNull();
    expect(within(emptyLesson).getByText("No content")).toBeDefined();
    expect(within(feedback).getByRole("link", { name: "Start: Feedback" }).getAttribute("href")).toBe(`/topic/${IDS.course}/${IDS.feedback}/${IDS.survey}`);

    expect(screen.getByRole("navigation", { name: "Course outline" })).toBeDefined();
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([API.course(IDS.course)]);
  });

  it("puts the course's first milestone in the breadcrumb on the short route, and the path's on the nested one", async () => {
    installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() } });
    renderLearning(`/course/${IDS.course}`);
    await screen.findByRole("heading", { level: 1, name: "Launch basics" });
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Discovery", `/milestone/${IDS.discovery}`],
      ["Launch basics", null],
    ]);
  });

  it("keeps the nested form in the breadcrumb and every link when reached through a milestone", async () => {
    installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() } });
    renderLearning(`/system-refinement/milestone/${IDS.design}/course/${IDS.course}`);
    await screen.findByRole("heading", { level: 1, name: "Launch basics" });
    const nested = `/system-refinement/milestone/${IDS.design}/course/${IDS.course}`;
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Design", `/milestone/${IDS.design}`],
      ["Launch basics", null],
    ]);
    const outline = screen.getByRole("navigation", { name: "Course outline" });
    expect(within(outline).getByRole("link", { name: "Launch basics" }).getAttribute("aria-current")).toBe("page");
    expect(within(outline).getByRole("link", { name: /^Background/ }).getAttribute("href")).toBe(`${nested}/lesson/${IDS.background}`);
    expect(screen.getByRole("link", { name: "Continue: Getting started" }).getAttribute("href")).toBe(`${nested}/lesson/${IDS.gettingStarted}/topic/${IDS.video}`);
  });

  it("shows the lock reason when every milestone of the course is locked, with the content still open", async () => {
    const locked = { locked: true, reason: LOCK_REASON };
    installFakeApi({
      [API.course(IDS.course)]: {
        body: courseDetail({ milestones: [{ id: IDS.design, title: "Design", lock: locked }] }),
      },
    });
    renderLearning(`/course/${IDS.course}`);
    expect(await screen.findByText("Design is locked")).toBeDefined();
    expect(screen.getByText(LOCK_REASON)).toBeDefined();
    expect(screen.getByRole("link", { name: "Continue: Getting started" })).toBeDefined();
  });

  it("says nothing of locks while one of the course's milestones is open", async () => {
    installFakeApi({
      [API.course(IDS.course)]: {
        body: courseDetail({
          milestones: [
            { id: IDS.discovery, title: "Discovery", lock: { locked: false, reason: null } },
            { id: IDS.design, title: "Design", lock: { locked: true, reason: LOCK_REASON } },
          ],
        }),
      },
    });
    renderLearning(`/course/${IDS.course}`);
    await screen.findByRole("heading", { level: 1, name: "Launch basics" });
    expect(screen.queryByText(LOCK_REASON)).toBeNull();
  });

  it("notes a course outside the plan with the reason, and leaves the milestone out of the breadcrumb", async () => {
    installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail({ in_plan: false, milestones: [], reason: "Not in your plan: your estimate has no Manufacturing" }) },
    });
    renderLearning(`/course/${IDS.course}`);
    expect(await screen.findByText("Not in your launch plan")).toBeDefined();
    expect(screen.getByText("Your estimate has no Manufacturing")).toBeDefined();
    expect(breadcrumbTrail()).toEqual([
      ["Launch Plan", "/system-refinement"],
      ["Launch basics", null],
    ]);
  });

  it("has no sidebar (and no outline toggle) for a course without one", async () => {
    installFakeApi({ [API.course(IDS.course)]: { body: courseDetail({ has_sidebar: false }) } });
    renderLearning(`/course/${IDS.course}`);
    await screen.findByRole("heading", { level: 1, name: "Launch basics" });
    expect(screen.queryByRole("navigation", { name: "Course outline" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Course outline" })).toBeNull();
    expect(screen.getByRole("link", { name: "Continue: Getting started" })).toBeDefined();
  });

  it("shows Course not found with the way back to the Launch Plan", async () => {
    installFakeApi({ [API.course(IDS.course)]: NOT_FOUND("Course not found") });
    const { router } = renderLearning(`/course/${IDS.course}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Course not found" })).toBeDefined();
    await userEvent.click(screen.getByRole("link", { name: "Back to the Launch Plan" }));
    expect(currentPath(router)).toBe("/system-refinement");
  });

  it("shows a failed load with a retry", async () => {
    let fail = true;
    installFakeApi({
      [API.course(IDS.course)]: () =>
        fail ? { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } } : { body: courseDetail() },
    });
    renderLearning(`/course/${IDS.course}`);
    // One retry first, as the query client does for anything but a 404.
    expect(await screen.findByText("Something went wrong on our side.", undefined, { timeout: 4000 })).toBeDefined();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Launch basics" })).toBeDefined();
  });
});
