import { describe, expect, it } from "vitest";
import { learningBreadcrumbs, learningPaths } from "./learning-paths.ts";

const course = {
  id: "c1",
  title: "A course",
  milestones: [
    { id: "m1", title: "First", lock: { locked: false, reason: null } },
    { id: "m2", title: "Second", lock: { locked: false, reason: null } },
  ],
};

describe("learning paths", () => {
  it("uses the short forms without a milestone in the path", () => {
    const paths = learningPaths(undefined);
    expect([paths.milestone("m1"), paths.course("c1"), paths.lesson("c1", "l1"), paths.topic("c1", "l1", "t1")]).toEqual([
      "/milestone/m1",
      "/course/c1",
      "/lesson/l1/c1",
      "/topic/c1/l1/t1",
    ]);
  });

  it("keeps the nested form under the path's milestone", () => {
    const paths = learningPaths("m2");
    const base = "/system-refinement/milestone/m2/course/c1";
    expect([paths.milestone("m2"), paths.course("c1"), paths.lesson("c1", "l1"), paths.topic("c1", "l1", "t1")]).toEqual([
      "/milestone/m2",
      base,
      `${base}/lesson/l1`,
      `${base}/lesson/l1/topic/t1`,
    ]);
  });

  it("names the path's milestone in the breadcrumb when the course is in it, else the course's first", () => {
    const crumbs = (milestoneId: string | undefined) =>
      learningBreadcrumbs({ paths: learningPaths(milestoneId), milestoneId, course, lesson: { id: "l1", title: "A lesson" }, topic: { title: "A topic" } });
    expect(crumbs("m2")).toEqual([
      { label: "Launch Plan", to: "/system-refinement" },
      { label: "Second", to: "/milestone/m2" },
      { label: "A course", to: "/system-refinement/milestone/m2/course/c1" },
      { label: "A lesson", to: "/system-refinement/milestone/m2/course/c1/lesson/l1" },
      { label: "A topic" },
    ]);
    expect(crumbs(undefined).slice(1, 3)).toEqual([
      { label: "First", to: "/milestone/m1" },
      { label: "A course", to: "/course/c1" },
    ]);
    expect(crumbs("unknown")[1]).toEqual({ label: "First", to: "/milestone/m1" });
  });
});
