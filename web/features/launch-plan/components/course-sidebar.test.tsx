import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { API, IDS, courseDetail, currentPath, lessonDetail, renderLearning } from "#web/features/launch-plan/learning-test-kit.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderLesson(path = `/lesson/${IDS.gettingStarted}/${IDS.course}`) {
  installFakeApi({ [API.course(IDS.course)]: { body: courseDetail() }, [API.lesson(IDS.gettingStarted)]: { body: lessonDetail() } });
  return renderLearning(path);
}

async function outline() {
  return screen.findByRole("navigation", { name: "Course outline" });
}

/** A lesson's entry in the outline, by the start of its link's name. */
function lessonEntry(nav: HTMLElement, title: string): HTMLElement {
  const entry = within(nav).getByRole("link", { name: new RegExp(`^${title}`) }).closest("li");
  if (!entry) throw new Error(`no entry for ${title}`);
  return entry;
}

describe("the course sidebar", () => {
  it("shows the course, its progress, and each lesson's count, else its description, else No content", async () => {
    renderLesson();
    const nav = await outline();
    expect(within(nav).getByRole("link", { name: "Launch basics" }).getAttribute("href")).toBe(`/course/${IDS.course}`);
    const progress = within(nav).getByRole("progressbar", { name: "Course progress" });
    expect(progress.getAttribute("aria-valuenow")).toBe("20");
    expect(within(nav).getByText("20%")).toBeDefined();
    expect(within(nav).getByRole("link", { name: "Getting started 1/3 topics complete" })).toBeDefined();
    expect(within(nav).getByRole("link", { name: "Your configuration 1/2 questions answered" })).toBeDefined();
    expect(within(nav).getByRole("link", { name: "Background Some context for later." })).toBeDefined();
    expect(within(nav).getByRole("link", { name: "Vendor onboarding No content" })).toBeDefined();
  });

  it("expands the current lesson and marks it, with its topics' type and completed check", async () => {
    renderLesson();
    const nav = await outline();
    const current = lessonEntry(nav, "Getting started");
    expect(within(current).getByRole("link", { name: /^Getting started/ }).getAttribute("aria-current")).toBe("page");
    expect(within(current).getByRole("button", { name: "Topics of Getting started" }).getAttribute("aria-expanded")).toBe("true");
    const topics = within(current).getAllByRole("link").slice(1);
    expect(topics.map((topic) => topic.textContent)).toEqual([
      "Why a launch plan, reading, completed",
      "A tour of the portal, video",
      "Name your project team, activity",
    ]);
    expect(topics.map((topic) => topic.getAttribute("href"))).toEqual([
      `/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.reading}`,
      `/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.video}`,
      `/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.activity}`,
    ]);
    expect(topics[0]?.querySelector("svg.lucide-circle-check")).not.toBeNull();
    expect(topics[1]?.querySelector("svg.lucide-circle-check")).toBeNull();
    // Lessons without topics have nothing to expand.
    expect(within(lessonEntry(nav, "Background")).queryByRole("button")).toBeNull();
  });

  it("expands and collapses another lesson's topics", async () => {
    renderLesson();
    const nav = await outline();
    const feedback = lessonEntry(nav, "Feedback");
    const toggle = within(feedback).getByRole("button", { name: "Topics of Feedback" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(feedback).queryByRole("link", { name: /How did it go/ })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.hidden).toBe(false);
    expect(within(feedback).getByRole("link", { name: "How did it go?, survey" })).toBeDefined();

    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(feedback).queryByRole("link", { name: /How did it go/ })).toBeNull();
  });

  it("marks the current topic on a topic page, its lesson expanded", async () => {
    installFakeApi({
      [API.course(IDS.course)]: { body: courseDetail() },
      [API.topic(IDS.activity)]: { body: { id: IDS.activity, title: "Name your project team", description: null, type: "activity", status: "in_progress", body_markdown: null, video_url: null, video_file_url: null, duration_minutes: null, questions: [], placements: [] } },
    });
    renderLearning(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.activity}`);
    const nav = await outline();
    const current = within(nav).getByRole("link", { name: /^Name your project team/ });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: /^Getting started/ }).getAttribute("aria-current")).toBe("true");
  });

  it("folds into a Course outline toggle that closes again once a link in it is followed", async () => {
    const { router } = renderLesson();
    const nav = await outline();
    const toggle = screen.getByRole("button", { name: "Course outline" });
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(panel?.contains(nav)).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel?.className).toContain("hidden");

    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panel?.className).toContain("block");

    await userEvent.click(within(nav).getByRole("link", { name: /^Name your project team/ }));
    expect(currentPath(router)).toBe(`/topic/${IDS.course}/${IDS.gettingStarted}/${IDS.activity}`);
  });
});
