import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedConfigurationAnswers } from "#common/contracts/configuration";
import { configurationResponses } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { configurationOf, findQuestion, givePlan, saveAnswers } from "#tests/configuration-test-kit";
import { buildSignedOrganization } from "#tests/data-connection-test-kit";
import { type TestUser, buildUser } from "#tests/factories";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Saving answers: the rules of each kind, versions, clearing, and the event. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

// Questions of the default curriculum asked in place, one of each kind.
const NUMBER = "gen-uat-open-critical-defects";
const TEXT = "fin-branches";
const YES_NO = "fin-multi-currency";
const DATE = "gen-golive-confirmed-date";
const SINGLE = "fin-coa-approach";
const MULTIPLE = "fin-subaccount-segments";

async function planOrganization(): Promise<{ organizationId: string; member: TestUser }> {
  const { organization, member } = await buildSignedOrganization(runtime);
  await givePlan(runtime, member);
  return { organizationId: organization.id, member };
}

async function saveOk(member: TestUser, answers: unknown[]): Promise<SavedConfigurationAnswers> {
  const response = await saveAnswers(runtime, member, answers);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function versionsOf(organizationId: string, key: string): Promise<number[]> {
  const rows = await runtime.database.db
    .select({ version: configurationResponses.version })
    .from(configurationResponses)
    .where(and(eq(configurationResponses.organizationId, organizationId), eq(configurationResponses.questionId, key)));
  return rows.map((row) => row.version).sort((a, b) => a - b);
}

describe("answers by kind", () => {
  it("accepts a valid answer of every kind, trimmed text and choices in the options' order", async () => {
    const { member } = await planOrganization();
    const before = await configurationOf(runtime, member);
    const segments = findQuestion(before, MULTIPLE).options;
    const period = findQuestion(before, SINGLE).options[1];
    const saved = await saveOk(member, [
      { question_key: NUMBER, value: 2 },
      { question_key: TEXT, value: "  North and South\nbranches  " },
      { question_key: YES_NO, value: false },
      { question_key: DATE, value: "2030-07-01" },
      { question_key: SINGLE, value: period },
      { question_key: MULTIPLE, value: [segments[2], segments[0]] },
    ]);
    expect(saved.written).toBe(6);
    const after = await configurationOf(runtime, member);
    expect([NUMBER, TEXT, YES_NO, DATE, SINGLE, MULTIPLE].map((key) => findQuestion(after, key).answer)).toEqual([
      2,
      "North and South\nbranches",
      false,
      "2030-07-01",
      period,
      [segments[0], segments[2]],
    ]);
    expect(findQuestion(after, NUMBER)).toMatchObject({ version: 1, saved_at: expect.any(String), kind: "number", required: true });
  });

  it.each([
    [NUMBER, "'2'", "2", "Enter a number"],
    [NUMBER, "1e13", 1e13, "Enter a number between -1,000,000,000,000 and 1,000,000,000,000"],
    [TEXT, "42", 42, "Enter the answer as text"],
    [TEXT, "text of 2,001 characters", `${"x".repeat(1999)}yz`, "Answer must be at most 2000 characters"],
    [TEXT, "a control character", "bell\u0007", "Answer cannot contain control characters"],
    [TEXT, "half a surrogate pair", "half \ud800 pair", "Answer contains an invalid character"],
    [YES_NO, "'yes'", "yes", "Answer yes or no"],
    [DATE, "'2030-02-30'", "2030-02-30", "Enter a date as YYYY-MM-DD"],
    [DATE, "'01/07/2030'", "01/07/2030", "Enter a date as YYYY-MM-DD"],
    [SINGLE, "'Not an option'", "Not an option", "Choose one of the options"],
    [MULTIPLE, "[]", [], "Choose at least one option"],
    [MULTIPLE, "['Department', 'Department']", ["Department", "Department"], "Choose each option once"],
    [MULTIPLE, "['Not an option']", ["Not an option"], "Choose only from the options"],
    [MULTIPLE, "'Department'", "Department", "Choose one or more of the options"],
  ])("refuses %s given %s with 400 and the field's problem, keeping nothing of the save", async (key, _label, value, message) => {
    const { member } = await planOrganization();
    const valid = key === NUMBER ? { question_key: YES_NO, value: true } : { question_key: NUMBER, value: 1 };
    const response = await saveAnswers(runtime, member, [valid, { question_key: key, value }]);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.details).toEqual([{ path: "answers.1.value", message }]);
    expect(findQuestion(await configurationOf(runtime, member), valid.question_key).answer).toBeNull();
  });

  it("names unknown and repeated questions, and bounds the number of answers", async () => {
    const { member } = await planOrganization();
    const unknown = await saveAnswers(runtime, member, [{ question_key: NUMBER, value: 1 }, { question_key: "no-such-question", value: "x" }]);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).details).toEqual([{ path: "answers.1.question_key", message: "Unknown question" }]);
    const malformed = await saveAnswers(runtime, member, [{ question_key: "Bad Key", value: 1 }]);
    expect((await errorOf(malformed)).details).toEqual([{ path: "answers.0.question_key", message: "Unknown question" }]);
    const twice = await saveAnswers(runtime, member, [{ question_key: NUMBER, value: 1 }, { question_key: NUMBER, value: 2 }]);
    expect((await errorOf(twice)).details).toEqual([{ path: "answers.1.question_key", message: "Answer each question once per save" }]);
    expect((await saveAnswers(runtime, member, [])).status).toBe(400);
    const many = Array.from({ length: 101 }, () => ({ question_key: NUMBER, value: 1 }));
    expect((await saveAnswers(runtime, member, many)).status).toBe(400);
    expect((await saveAnswers(runtime, member, [{ question_key: NUMBER }])).status).toBe(400);
  });
});

describe("versions", () => {
  it("writes a new version only for a changed answer; null clears it as a version of its own", async () => {
    const { organizationId, member } = await planOrganization();
    expect((await saveOk(member, [{ question_key: NUMBER, value: 2 }])).answers).toEqual([{ question_key: NUMBER, answer: 2, version: 1, saved_at: expect.any(String) }]);

    const unchanged = await saveOk(member, [{ question_key: NUMBER, value: 2 }, { question_key: TEXT, value: "   " }]);
    expect(unchanged.written, "the same value, and clearing what was never answered, write nothing").toBe(0);
    expect(unchanged.answers.map((answer) => [answer.question_key, answer.answer, answer.version])).toEqual([
      [NUMBER, 2, 1],
      [TEXT, null, null],
    ]);
    expect(await versionsOf(organizationId, NUMBER)).toEqual([1]);

    expect((await saveOk(member, [{ question_key: NUMBER, value: 3 }])).answers[0]).toMatchObject({ answer: 3, version: 2 });
    expect((await saveOk(member, [{ question_key: NUMBER, value: null }])).answers[0]).toMatchObject({ answer: null, version: 3 });
    expect(findQuestion(await configurationOf(runtime, member), NUMBER)).toMatchObject({ answer: null, version: 3 });
    expect((await saveOk(member, [{ question_key: NUMBER, value: null }])).written).toBe(0);
    expect(await versionsOf(organizationId, NUMBER)).toEqual([1, 2, 3]);

    const rows = await runtime.database.db
      .select({ submittedAt: configurationResponses.submittedAt })
      .from(configurationResponses)
      .where(eq(configurationResponses.organizationId, organizationId));
    expect(rows.every((row) => row.submittedAt === null), "saves are drafts").toBe(true);
  });

  it("keeps each organization's versions apart, and an employee's save counts for the organization", async () => {
    const first = await planOrganization();
    const second = await planOrganization();
    const employee = await buildUser(runtime, { isEmployee: true });
    await saveOk(first.member, [{ question_key: NUMBER, value: 4 }]);
    const byEmployee = await saveAnswers(runtime, employee, [{ question_key: NUMBER, value: 5 }], first.organizationId);
    expect(((await byEmployee.json()) as SavedConfigurationAnswers).answers[0]).toMatchObject({ answer: 5, version: 2 });
    await saveOk(second.member, [{ question_key: NUMBER, value: 9 }]);
    expect(await versionsOf(first.organizationId, NUMBER)).toEqual([1, 2]);
    expect(await versionsOf(second.organizationId, NUMBER)).toEqual([1]);
  });

  it("gives concurrent saves of one question distinct versions", async () => {
    const { organizationId, member } = await planOrganization();
    const responses = await Promise.all([1, 2, 3, 4].map((value) => saveAnswers(runtime, member, [{ question_key: NUMBER, value }])));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await versionsOf(organizationId, NUMBER)).toEqual([1, 2, 3, 4]);
  });
});

describe("realtime", () => {
  it("announces a save that wrote something, and nothing for an unchanged one", async () => {
    const { organizationId, member } = await planOrganization();
    const start = await lastEventId(runtime, organizationId);
    await saveOk(member, [{ question_key: YES_NO, value: true }]);
    expect(await eventTypesAfter(runtime, organizationId, start)).toEqual(["configurationChanged"]);
    const next = await lastEventId(runtime, organizationId);
    await saveOk(member, [{ question_key: YES_NO, value: true }]);
    expect(await eventTypesAfter(runtime, organizationId, next)).toEqual([]);
  });
});
