import type { CurriculumImportResult } from "#common/contracts/curriculum";
import { ApiError, fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";

/** "1 course", "25 courses". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** "a, b and c". */
export function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * "Imported 11 milestones, 25 courses, 70 lessons, 210 topics and 80 configuration questions; 3 entries
 * removed." A zip that held the curriculum as it is changed nothing, and says so.
 */
export function summarizeImport(result: CurriculumImportResult): string {
  const counts = joinWords([
    countOf(result.milestones, "milestone", "milestones"),
    countOf(result.courses, "course", "courses"),
    countOf(result.lessons, "lesson", "lessons"),
    countOf(result.topics, "topic", "topics"),
    countOf(result.configuration_questions, "configuration question", "configuration questions"),
  ]);
  if (!result.changed) return `Nothing changed: the zip holds the curriculum as it is (${counts}).`;
  const removed = result.removed === 0 ? "no entries removed" : `${countOf(result.removed, "entry", "entries")} removed`;
  return `Imported ${counts}; ${removed}.`;
}

export interface ImportRefusal {
  message: string;
  /** "curriculum.yaml:12 — message", in the order the server found them. */
  problems: string[];
}

/** "500 MiB", "1.5 GiB": the server's limit as it is configured (UPLOAD_MAX_BYTES). */
function describeLimit(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  return gib >= 1 ? `${Number(gib.toFixed(1))} GiB` : `${Number((bytes / 1024 ** 2).toFixed(1))} MiB`;
}

/** Why a chosen file is not worth sending, or null; `maxBytes` is the server's (null before the overview loaded: the server checks). */
export function checkChosenZip(file: File, maxBytes: number | null): string | null {
  if (file.size === 0) return `Nothing was imported: ${file.name} is empty.`;
  if (maxBytes !== null && file.size > maxBytes) return `Nothing was imported: ${file.name} is larger than ${describeLimit(maxBytes)}.`;
  return null;
}

/** What a refused import says: every problem with its file and line, or the one reason. */
export function describeRefusal(error: unknown): ImportRefusal {
  const problems = fieldIssuesOf(error).map((issue) => `${issue.path} — ${issue.message}`);
  if (problems.length > 0) {
    return { message: `Nothing was imported: the curriculum has ${countOf(problems.length, "problem", "problems")}.`, problems };
  }
  if (error instanceof ApiError && error.code === "unsupported_media_type") {
    return { message: "Nothing was imported: the file is not a zip. Choose a .zip of the curriculum folder, such as an export.", problems: [] };
  }
  return { message: `Nothing was imported: ${messageOf(error, "the curriculum could not be imported. Please try again.")}`, problems: [] };
}
