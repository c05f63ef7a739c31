import { configurationExportFileName } from "#common/contracts/configuration";
import { formatConfigurationAnswer } from "#common/domain/configuration-answers";
import type { Database } from "#server/db/database";
import { formatCsvRows } from "#server/lib/csv-format";
import { selectOrganizationName } from "#server/queries/organizations.queries";
import { loadQuestionnaire } from "./configuration-questionnaire.ts";

const CONFIGURATION_CSV_HEADER = ["Module", "Question key", "Prompt", "Answer", "Version", "Saved at", "Submitted at"] as const;

/**
 * The questionnaire's answers as CSV (decision 031: cells that read as formulas are neutralised),
 * one row per question of the plan, unanswered ones with empty cells; with the file's name.
 */
export async function exportConfigurationCsv(db: Database, organizationId: string): Promise<{ fileName: string; csv: string }> {
  const [modules, organizationName] = await Promise.all([loadQuestionnaire(db, organizationId), selectOrganizationName(db, organizationId)]);
  const rows = modules.flatMap((state) =>
    state.questions.map(({ question, latest, answer }) => [
      state.module,
      question.key,
      question.prompt,
      formatConfigurationAnswer(answer),
      latest ? String(latest.version) : "",
      latest?.createdAt.toISOString() ?? "",
      latest?.submittedAt?.toISOString() ?? "",
    ]),
  );
  return {
    fileName: configurationExportFileName(organizationName ?? "", new Date()),
    csv: formatCsvRows([[...CONFIGURATION_CSV_HEADER], ...rows]),
  };
}
