import { z } from "zod";
import { defineRoute } from "./http.ts";

/**
 * The provider's launch-plan curriculum (decision 036), for employees: what it holds, and the
 * folder of files it is kept as (the manifest, Markdown bodies and video files), exported and
 * imported as one zip.
 */

export const CURRICULUM_EXPORT_FILENAME_PREFIX = "launch-plan-curriculum";

const courseOutlineSchema = z.object({
  key: z.string(),
  title: z.string(),
  modules: z.array(z.string()),
  has_sidebar: z.boolean(),
  lessons: z.number().int(),
  topics: z.number().int(),
  questions: z.number().int(),
});

export const curriculumOverviewSchema = z.object({
  counts: z.object({
    milestones: z.number().int(),
    courses: z.number().int(),
    lessons: z.number().int(),
    topics: z.number().int(),
    configuration_questions: z.number().int(),
  }),
  /** When any entry last changed (an import), or null for an empty curriculum. */
  updated_at: z.string().nullable(),
  /** The largest zip the import takes: one upload, as the file library's (UPLOAD_MAX_BYTES). */
  max_zip_bytes: z.number().int(),
  milestones: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      time_estimate: z.string().nullable(),
      modules: z.array(z.string()),
      prerequisites: z.array(z.string()),
      courses: z.array(courseOutlineSchema),
    }),
  ),
});
export type CurriculumOverview = z.infer<typeof curriculumOverviewSchema>;

export const curriculumImportResultSchema = z.object({
  milestones: z.number().int(),
  courses: z.number().int(),
  lessons: z.number().int(),
  topics: z.number().int(),
  configuration_questions: z.number().int(),
  removed: z.number().int(),
  /** False when the zip held the curriculum as it is: nothing was written. */
  changed: z.boolean(),
});
export type CurriculumImportResult = z.infer<typeof curriculumImportResultSchema>;

const tag = "Curriculum";

export const getCurriculumRoute = defineRoute({
  id: "getCurriculum", method: "get", path: "/api/curriculum", tag, access: "employee",
  summary: "The launch-plan curriculum: counts and every milestone with its courses",
  response: curriculumOverviewSchema,
});
export const exportCurriculumRoute = defineRoute({
  id: "exportCurriculum", method: "get", path: "/api/curriculum/export", tag, access: "employee",
  summary: "The curriculum as a zip of its folder (curriculum.yaml, the Markdown bodies and the topics' video files), the format the import reads",
  response: z.string(), produces: "application/zip",
});
export const importCurriculumRoute = defineRoute({
  id: "importCurriculum", method: "post", path: "/api/curriculum/import", tag, access: "employee",
  summary:
    "Replace the curriculum with a zip of its folder. Every problem is answered with its file and line (400, nothing changes); " +
    "each topic's video_file is stored in the portal's storage (MP4 or WebM by its bytes); " +
    "entries are matched by key, so every organization's progress on a kept key stays",
  response: curriculumImportResultSchema,
  rawBody: { mediaTypes: ["application/zip", "application/x-zip-compressed", "application/octet-stream"], description: "A zip of the curriculum folder, at most UPLOAD_MAX_BYTES (the overview's max_zip_bytes)" },
});
