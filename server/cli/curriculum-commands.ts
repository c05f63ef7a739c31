import { AppError } from "#server/lib/app-error";
import type { CliCommand } from "./cli-commands.ts";

const importCurriculumCommand: CliCommand = {
  name: "curriculum:import",
  summary:
    "Replaces the launch plan's curriculum with a folder (curriculum.yaml, its Markdown bodies and video files;\n" +
    "each video_file, MP4 or WebM within UPLOAD_MAX_BYTES, is stored in the portal's file storage).\n" +
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
    const read = await readCurriculumFolder(context.resolvePath(folder), { source: "folder", maxVideoBytes: context.maxFileBytes });
    if (!read.curriculum) {
      const count = read.problems.length;
      throw new AppError("validation_failed", [`${folder} has ${count} ${count === 1 ? "problem" : "problems"}; nothing was imported:`, ...read.problems.map(formatCurriculumProblem)].join("\n"));
    }
    const result = await importCurriculum(context.db, read.curriculum, { storage: context.storage, logger: context.logger });
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
  summary: "Writes the launch plan's curriculum to a folder, in the format curriculum:import reads (its video files too).",
  options: [{ name: "replace", type: "boolean", description: "Write into a folder that is not empty, replacing the manifest, body and video files" }],
  arguments: [{ name: "folder", description: "Where to write (created when missing; must be empty without --replace)", required: true }],
  async run(context, options) {
    // A database the server has not started on yet gets the curriculum the server would load.
    const [{ ensureDefaultCurriculum }, { readStoredCurriculum }, { writeCurriculumFolder }, { videoStorageKey }] = await Promise.all([
      import("#server/features/curriculum/curriculum-seed"),
      import("#server/features/curriculum/export-curriculum"),
      import("#server/features/curriculum/write-curriculum-folder"),
      import("#server/features/curriculum/curriculum-videos"),
    ]);
    await ensureDefaultCurriculum(context.db);
    const curriculum = await readStoredCurriculum(context.db);
    const folder = String(options.folder);
    try {
      const openVideo = async (video: { sha256: string }) => (await context.storage.get(videoStorageKey(video.sha256)))?.body ?? null;
      const written = await writeCurriculumFolder(context.resolvePath(folder), curriculum, { replace: options.replace === true, openVideo });
      context.stdout(`exported ${curriculum.milestones.length} milestones and ${curriculum.topics.length} topics to ${folder} (${written.files} files)`);
    } catch (error) {
      throw new AppError("bad_request", (error as Error).message);
    }
  },
};

export const curriculumCommands: readonly CliCommand[] = [exportCurriculumCommand, importCurriculumCommand];
