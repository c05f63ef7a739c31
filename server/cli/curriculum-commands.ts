import { AppError } from "#server/lib/app-error";
import type { CliCommand } from "./cli-commands.ts";

const importCurriculumCommand: CliCommand = {
  name: "curriculum:import",
  summary:
    "Replaces the launch plan's curriculum with a folder (curriculum.yaml and its Markdown bodies).\n" +
    "Every problem is listed with its file and line and nothing is imported. Entries are matched\n" +
    "by key: every organization's progress on a kept key stays; removed keys lose theirs.",
  options: [],
  arguments: [{ name: "folder", description: "The curriculum folder to import", required: true }],
  async run(context, options) {
    const [{ readCurriculumFolder }, { formatCurriculumProblem }, { importCurriculum }] = await Promise.all([
      import("#server/features/curriculum/read-curriculum-folder"),
      import("#server/features/curriculum/curriculum-manifest"),
      import("#server/features/curriculum/import-curriculum"),
    ]);
    const folder = String(options.folder);
    const read = await readCurriculumFolder(context.resolvePath(folder));
    if (!read.curriculum) {
      const count = read.problems.length;
      throw new AppError("validation_failed", [`${folder} has ${count} ${count === 1 ? "problem" : "problems"}; nothing was imported:`, ...read.problems.map(formatCurriculumProblem)].join("\n"));
    }
    const result = await importCurriculum(context.db, read.curriculum);
    if (!result.changed) {
      context.stdout(`${folder} holds the curriculum as it is: nothing changed`);
      return;
    }
    context.stdout(
      `imported ${result.milestones} milestones, ${result.courses} courses, ${result.lessons} lessons, ${result.topics} topics and ` +
        `${result.configuration_questions} configuration questions; ${result.removed} entries no longer in the folder were removed`,
    );
  },
};

const exportCurriculumCommand: CliCommand = {
  name: "curriculum:export",
  summary: "Writes the launch plan's curriculum to a folder, in the format curriculum:import reads.",
  options: [{ name: "replace", type: "boolean", description: "Write into a folder that is not empty, replacing the manifest and body files" }],
  arguments: [{ name: "folder", description: "Where to write (created when missing; must be empty without --replace)", required: true }],
  async run(context, options) {
    // A database the server has not started on yet gets the curriculum the server would load.
    const [{ ensureDefaultCurriculum }, { readStoredCurriculum }, { writeCurriculumFolder }] = await Promise.all([
      import("#server/features/curriculum/curriculum-seed"),
      import("#server/features/curriculum/export-curriculum"),
      import("#server/features/curriculum/write-curriculum-folder"),
    ]);
    await ensureDefaultCurriculum(context.db);
    const curriculum = await readStoredCurriculum(context.db);
    const folder = String(options.folder);
    try {
      const written = await writeCurriculumFolder(context.resolvePath(folder), curriculum, { replace: options.replace === true });
      context.stdout(`exported ${curriculum.milestones.length} milestones and ${curriculum.topics.length} topics to ${folder} (${written.files} files)`);
    } catch (error) {
      throw new AppError("bad_request", (error as Error).message);
    }
  },
};

export const curriculumCommands: readonly CliCommand[] = [exportCurriculumCommand, importCurriculumCommand];
