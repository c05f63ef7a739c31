import { describe, expect, it } from "vitest";
import {
  BREADCRUMB_LABEL_MAX,
  compareMilestonePositions,
  COURSE_STATUSES,
  findMilestoneLock,
  formatMilestoneLockReason,
  MILESTONE_POSITION_FALLBACK,
  MILESTONE_STATUSES,
  nextMilestoneStatus,
  sortMilestonesByPosition,
  summarizeCourse,
  summarizeLesson,
  TOPIC_STATUSES,
  truncateLabel,
  type LessonSummary,
  type MilestoneLockFacts,
} from "./launch-plan.ts";

describe("statuses and constants", () => {
  it("spells each table's statuses as the spec does", () => {
    expect([...TOPIC_STATUSES]).toEqual(["in_progress", "complete"]);
    expect([...COURSE_STATUSES]).toEqual(["not_started", "in_progress", "complete"]);
    expect([...MILESTONE_STATUSES]).toEqual(["not_started", "in_progress", "completed"]);
    expect(MILESTONE_POSITION_FALLBACK).toBe(999);
    expect(BREADCRUMB_LABEL_MAX).toBe(60);
  });
});

describe("summarizeLesson", () => {
  it("is complete when every topic is complete, and counts topics in its label", () => {
    expect(summarizeLesson({ topicStatuses: ["complete", "complete"], questionsAnswered: [false] })).toEqual({
      completedTopics: 2,
      totalTopics: 2,
      answeredQuestions: 0,
      totalQuestions: 1,
      isComplete: true,
      hasProgress: true,
      label: "2/2 topics complete",
    });
  });

  it("is not complete while a topic is in progress or has no row", () => {
    const mixed = summarizeLesson({ topicStatuses: ["complete", "in_progress", null], questionsAnswered: [true, true] });
    expect(mixed.isComplete).toBe(false);
    expect(mixed.hasProgress).toBe(true);
    expect(mixed.label).toBe("1/3 topics complete");
    // Answered questions do not stand in for topics once the lesson has topics.
    expect(summarizeLesson({ topicStatuses: [null], questionsAnswered: [true] }).isComplete).toBe(false);
  });

  it("has progress from one topic in progress alone, and none from topics without rows", () => {
    expect(summarizeLesson({ topicStatuses: [null, "in_progress"], questionsAnswered: [] }).hasProgress).toBe(true);
    const untouched = summarizeLesson({ topicStatuses: [null, null], questionsAnswered: [false] });
    expect(untouched).toMatchObject({ isComplete: false, hasProgress: false, label: "0/2 topics complete" });
  });

  it("without topics, is complete when every question is answered and counts questions", () => {
    const answered = summarizeLesson({ topicStatuses: [], questionsAnswered: [true, true, true] });
    expect(answered).toMatchObject({ isComplete: true, hasProgress: true, label: "3/3 questions answered" });
    const half = summarizeLesson({ topicStatuses: [], questionsAnswered: [true, false] });
    expect(half).toMatchObject({ answeredQuestions: 1, totalQuestions: 2, isComplete: false, hasProgress: true, label: "1/2 questions answered" });
    const unanswered = summarizeLesson({ topicStatuses: [], questionsAnswered: [false] });
    expect(unanswered).toMatchObject({ isComplete: false, hasProgress: false, label: "0/1 questions answered" });
  });

  it("with neither topics nor questions, is not complete, has no progress and no label", () => {
    const counts = { completedTopics: 0, totalTopics: 0, answeredQuestions: 0, totalQuestions: 0 };
    expect(summarizeLesson({ topicStatuses: [], questionsAnswered: [] })).toEqual({ ...counts, isComplete: false, hasProgress: false, label: null });
  });
});

describe("summarizeCourse", () => {
  const done = summarizeLesson({ topicStatuses: ["complete"], questionsAnswered: [] });
  const started = summarizeLesson({ topicStatuses: ["in_progress"], questionsAnswered: [] });
  const untouched = summarizeLesson({ topicStatuses: [null], questionsAnswered: [] });
  const lessons = (complete: number, open: LessonSummary, count: number): LessonSummary[] => [
    ...Array.from({ length: complete }, () => done),
    ...Array.from({ length: count - complete }, () => open),
  ];

  it("is 0 % and not started without lessons", () => {
    expect(summarizeCourse([])).toEqual({ percent: 0, status: "not_started", completedLessons: 0, totalLessons: 0 });
  });

  it("is not started while no lesson has progress", () => {
    expect(summarizeCourse([untouched, untouched])).toEqual({ percent: 0, status: "not_started", completedLessons: 0, totalLessons: 2 });
  });

  it("is in progress at 0 % when a lesson is started but none is complete", () => {
    expect(summarizeCourse([started, untouched])).toMatchObject({ percent: 0, status: "in_progress" });
  });

  it("rounds the share of complete lessons", () => {
    expect(summarizeCourse(lessons(1, untouched, 3))).toEqual({ percent: 33, status: "in_progress", completedLessons: 1, totalLessons: 3 });
    expect(summarizeCourse(lessons(2, untouched, 3)).percent).toBe(67);
    expect(summarizeCourse(lessons(1, untouched, 2)).percent).toBe(50);
    expect(summarizeCourse(lessons(1, untouched, 8)).percent).toBe(13);
  });

  it("is complete at 100 % when every lesson is complete", () => {
    expect(summarizeCourse([done])).toEqual({ percent: 100, status: "complete", completedLessons: 1, totalLessons: 1 });
    expect(summarizeCourse(lessons(3, done, 3))).toMatchObject({ percent: 100, status: "complete" });
  });

  it("stays below 100 % while a lesson is left, even when the share rounds up", () => {
    expect(summarizeCourse(lessons(199, started, 200))).toMatchObject({ percent: 99, status: "in_progress" });
  });

  it("counts an empty lesson as not complete, so its course cannot reach 100 %", () => {
    const empty = summarizeLesson({ topicStatuses: [], questionsAnswered: [] });
    expect(summarizeCourse([done, empty])).toMatchObject({ percent: 50, status: "in_progress" });
  });
});

describe("findMilestoneLock", () => {
  const milestones = new Map<string, MilestoneLockFacts>([
    ["discovery", { title: "Discovery", status: "completed", inPlan: true }],
    ["design", { title: "Solution design", status: "in_progress", inPlan: true }],
    ["data", { title: "Data migration", status: "not_started", inPlan: true }],
    ["untitled", { title: null, status: "not_started", inPlan: true }],
    ["manufacturing", { title: "Manufacturing setup", status: "not_started", inPlan: false }],
  ]);

  it("is unlocked without prerequisites or when all are completed", () => {
    expect(findMilestoneLock([], milestones)).toEqual({ locked: false });
    expect(findMilestoneLock(["discovery"], milestones)).toEqual({ locked: false });
  });

  it("names the prerequisites not yet completed, in the order listed", () => {
    expect(findMilestoneLock(["data", "discovery", "design"], milestones)).toEqual({
      locked: true,
      reason: "Complete the following milestones first: Data migration, Solution design",
      blockingIds: ["data", "design"],
    });
  });

  it("is not locked by a prerequisite outside the organization's plan", () => {
    expect(findMilestoneLock(["manufacturing"], milestones)).toEqual({ locked: false });
    expect(findMilestoneLock(["design", "manufacturing"], milestones)).toEqual({ locked: true, reason: "Complete the following milestones first: Solution design", blockingIds: ["design"] });
  });

  it("is locked by an id that names no milestone, and by one without a title, as Unknown milestone", () => {
    expect(findMilestoneLock(["gone", "untitled", "data"], milestones)).toEqual({
      locked: true,
      reason: "Complete the following milestones first: Unknown milestone, Unknown milestone, Data migration",
      blockingIds: ["gone", "untitled", "data"],
    });
  });

  it("names a prerequisite listed twice once", () => {
    expect(findMilestoneLock(["data", "data"], milestones)).toMatchObject({ blockingIds: ["data"] });
  });
});

describe("formatMilestoneLockReason", () => {
  it("joins the titles with commas, reading missing or blank ones as Unknown milestone", () => {
    expect(formatMilestoneLockReason(["Discovery"])).toBe("Complete the following milestones first: Discovery");
    expect(formatMilestoneLockReason(["A", null, "  ", "B"])).toBe(
      "Complete the following milestones first: A, Unknown milestone, Unknown milestone, B",
    );
  });
});

describe("milestone order", () => {
  it("orders by position, a missing position as 999, ties by title", () => {
    const items = [
      { id: 1, position: null, title: "Hypercare" },
      { id: 2, position: 1000, title: "After" },
      { id: 3, position: 999, title: "Go-live" },
      { id: 4, position: 2, title: "Build" },
      { id: 5, position: 1, title: "Discovery" },
      { id: 6, position: 2, title: "Analysis" },
      { id: 7, position: null, title: "Cutover" },
    ];
    expect(sortMilestonesByPosition(items).map((item) => item.id)).toEqual([5, 6, 4, 7, 3, 1, 2]);
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("compares as a sort comparator", () => {
    expect(compareMilestonePositions({ position: 1, title: "B" }, { position: 2, title: "A" })).toBeLessThan(0);
    expect(compareMilestonePositions({ position: null, title: "A" }, { position: 998, title: "B" })).toBeGreaterThan(0);
    expect(compareMilestonePositions({ position: null, title: "A" }, { position: 999, title: "A" })).toBe(0);
    expect(compareMilestonePositions({ position: 0, title: "apple" }, { position: 0, title: "Banana" })).toBeLessThan(0);
  });
});

describe("nextMilestoneStatus", () => {
  it("starts only a milestone not yet started", () => {
    expect(nextMilestoneStatus("not_started", "start")).toBe("in_progress");
    expect(nextMilestoneStatus("in_progress", "start")).toBeNull();
    expect(nextMilestoneStatus("completed", "start")).toBeNull();
  });

  it("completes any milestone not yet completed", () => {
    expect(nextMilestoneStatus("not_started", "complete")).toBe("completed");
    expect(nextMilestoneStatus("in_progress", "complete")).toBe("completed");
    expect(nextMilestoneStatus("completed", "complete")).toBeNull();
  });

  it("reopens only a completed milestone, back to in progress", () => {
    expect(nextMilestoneStatus("completed", "reopen")).toBe("in_progress");
    expect(nextMilestoneStatus("in_progress", "reopen")).toBeNull();
    expect(nextMilestoneStatus("not_started", "reopen")).toBeNull();
  });
});

describe("truncateLabel", () => {
  it("keeps a label of exactly 60 characters", () => {
    const label = "x".repeat(60);
    expect(truncateLabel(label)).toEqual({ text: label, truncated: false });
  });

  it("cuts a label of 61 characters to 59 and the ellipsis", () => {
    expect(truncateLabel("x".repeat(61))).toEqual({ text: `${"x".repeat(59)}…`, truncated: true });
  });

  it("trims the space before the ellipsis", () => {
    expect(truncateLabel(`${"a".repeat(58)} bcd`)).toEqual({ text: `${"a".repeat(58)}…`, truncated: true });
  });

  it("takes another maximum and never splits an emoji", () => {
    expect(truncateLabel("Data migration", 8)).toEqual({ text: "Data mi…", truncated: true });
    expect(truncateLabel("🚀🚀🚀🚀", 3)).toEqual({ text: "🚀🚀…", truncated: true });
  });
});
