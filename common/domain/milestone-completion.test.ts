import { describe, expect, it } from "vitest";
import { canReopenMilestone, describeCoursesLeft, isEarlyCompletion, readEarlyCompletionDetails } from "./milestone-completion.ts";

describe("completing a milestone early", () => {
  it("is early while any of its courses is not complete", () => {
    expect(isEarlyCompletion({ complete: 2, total: 4 })).toBe(true);
    expect(isEarlyCompletion({ complete: 4, total: 4 })).toBe(false);
    // A milestone without courses in the plan has nothing left.
    expect(isEarlyCompletion({ complete: 0, total: 0 })).toBe(false);
  });

  it("says what is left, in the number's grammar", () => {
    expect(describeCoursesLeft({ complete: 2, total: 4 })).toBe("2 of 4 courses are not complete");
    expect(describeCoursesLeft({ complete: 3, total: 4 })).toBe("1 of 4 courses is not complete");
    expect(describeCoursesLeft({ complete: 0, total: 1 })).toBe("1 of 1 course is not complete");
  });

  it("reads the counts of a refused completion, and nothing from another refusal", () => {
    expect(readEarlyCompletionDetails({ courses_complete: 1, courses_total: 3 })).toEqual({ complete: 1, total: 3 });
    expect(readEarlyCompletionDetails(undefined)).toBeNull();
    expect(readEarlyCompletionDetails([{ path: "reason", message: "Reason is required" }])).toBeNull();
    expect(readEarlyCompletionDetails({ courses_complete: "1", courses_total: 3 })).toBeNull();
  });
});

describe("reopening a milestone", () => {
  it("is for the organization's admins and the provider's employees", () => {
    expect(canReopenMilestone({ isEmployee: false, role: "member_admin" })).toBe(true);
    expect(canReopenMilestone({ isEmployee: true, role: "member_user" })).toBe(true);
    expect(canReopenMilestone({ isEmployee: false, role: "member_user" })).toBe(false);
  });
});
