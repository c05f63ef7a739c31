import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { checkConfigurationAnswer } from "#common/domain/configuration-answers";
import { PERIOD_TYPE_LABELS } from "#common/domain/financial-calendar";
import { LAUNCHPAD_ANSWERED_QUESTIONS, deriveLaunchpadAnswers } from "#common/domain/launchpad-answers";
import { formatCurriculumProblem } from "./curriculum-manifest.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

const DEFAULT_CURRICULUM = fileURLToPath(new URL("./default-curriculum", import.meta.url));
const CATALOG = fileURLToPath(new URL("../pricing-catalog/default-catalog.csv", import.meta.url));

describe("the default curriculum", () => {
  it("passes every check of the import", async () => {
    const { problems } = await readCurriculumFolder(DEFAULT_CURRICULUM);
    expect(problems.map(formatCurriculumProblem)).toEqual([]);
  });

  it("walks an ERP launch from discovery to hypercare, each milestone after the ones it needs", async () => {
    const { curriculum } = await readCurriculumFolder(DEFAULT_CURRICULUM);
    const milestones = curriculum!.milestones;
    expect(milestones.map((milestone) => milestone.key)).toEqual([
      "discovery",
      "financial-setup",
      "distribution",
      "manufacturing",
      "commerce",
      "data-migration",
      "configuration",
      "training",
      "user-acceptance-testing",
      "go-live",
      "hypercare",
    ]);
    // Listed in an order that can be done top to bottom.
    const seen = new Set<string>();
    for (const milestone of milestones) {
      for (const prerequisite of milestone.prerequisites) expect(seen.has(prerequisite), `${milestone.key} needs ${prerequisite} first`).toBe(true);
      seen.add(milestone.key);
      expect(milestone.courses.length, `${milestone.key} has courses`).toBeGreaterThan(0);
      expect(milestone.goals.length, `${milestone.key} has goals`).toBeGreaterThan(0);
    }
    expect(milestones.find((milestone) => milestone.key === "go-live")?.prerequisites).toEqual(["user-acceptance-testing"]);
  });

  it("names only modules the price list sells, and has a questionnaire for each module it scopes by", async () => {
    const { curriculum } = await readCurriculumFolder(DEFAULT_CURRICULUM);
    const rows = parse(await readFile(CATALOG, "utf8"), { columns: true }) as { module: string }[];
    const sold = new Set(rows.map((row) => row.module));
    const named = [
      ...curriculum!.milestones.flatMap((milestone) => milestone.modules),
      ...curriculum!.courses.flatMap((course) => course.modules),
      ...curriculum!.configuration_questions.map((question) => question.module).filter((module) => module !== "General"),
    ];
    expect(named.filter((module) => !sold.has(module))).toEqual([]);
    const questioned = new Set(curriculum!.configuration_questions.map((question) => question.module));
    for (const module of ["Financials", "Distribution", "Manufacturing", "Commerce"]) expect(questioned.has(module), module).toBe(true);
  });

  it("asks the questions the launchpad answers with kinds and options that take the launchpad's answers", async () => {
    const { curriculum } = await readCurriculumFolder(DEFAULT_CURRICULUM);
    const questions = new Map(curriculum!.configuration_questions.map((question) => [question.key, question]));
    const derived = deriveLaunchpadAnswers({
      financialSetup: { base_currency: "EUR", fiscal_year_start_month: 4, period_type: "monthly", entities: [{ name: "Main" }] },
      timelinePlanning: { go_live_date: "2031-03-15" },
      today: "2030-01-01",
    });
    for (const key of Object.keys(LAUNCHPAD_ANSWERED_QUESTIONS)) {
      const question = questions.get(key);
      expect(question, key).toBeDefined();
      const value = derived.find((answer) => answer.questionKey === key)?.value;
      expect(checkConfigurationAnswer({ kind: question!.kind, options: question!.options ?? [] }, value), key).toEqual({ ok: true, value });
    }
    // Every period type Financial Setup offers is one of the questionnaire's options.
    expect(questions.get("fin-period-pattern")?.options).toEqual(Object.values(PERIOD_TYPE_LABELS));
  });
});
