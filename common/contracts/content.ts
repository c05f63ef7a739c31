import { z } from "zod";
import { CONTENT_DESCRIPTION_MAX, CONTENT_FILE_NAME_MAX, CONTENT_TITLE_MAX } from "../domain/content.ts";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";

/**
 * The file library (spec §2 /content, §3 content and member_missions, §7): folders and files of
 * the organization's current mission, earlier missions read-only.
 */

const tag = "Files";
const item = "content" as const;

export const contentTitleSchema = singleLineText("Title", CONTENT_TITLE_MAX);
/** Optional; blank is stored as none. */
export const contentDescriptionSchema = z
  .string()
  .trim()
  .max(CONTENT_DESCRIPTION_MAX, { error: `Description must be at most ${CONTENT_DESCRIPTION_MAX} characters` })
  .transform((text) => (text === "" ? null : text))
  .nullable()
  .optional();

export const personRefSchema = z.object({ id: z.string(), name: z.string() });

export const contentItemSchema = z.object({
  id: z.uuid(),
  mission_id: z.uuid(),
  parent_id: z.uuid().nullable(),
  is_folder: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  /** Files only: the uploader's file name (neutralised), its size in bytes and its sniffed type. */
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  content_type: z.string().nullable(),
  uploaded_by: personRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Folders only: how many files and folders it holds directly. */
  child_count: z.number().int().nullable(),
  /** Images only: a signed link (3600 s) to show a thumbnail. */
  thumbnail_url: z.string().nullable(),
  /** Search results: the folders it sits in, outermost first (empty at the top). */
  location: z.array(z.object({ id: z.uuid(), title: z.string() })).nullable(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const missionSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  /** Null for the current mission. */
  end_date: z.string().nullable(),
  file_count: z.number().int(),
});
export type Mission = z.infer<typeof missionSchema>;

export const storageUsageSchema = z.object({
  /** Bytes the organization's files take, every mission counted. */
  used_bytes: z.number().int(),
  /** ORGANIZATION_STORAGE_QUOTA_BYTES. */
  quota_bytes: z.number().int(),
  /** UPLOAD_MAX_BYTES: the largest single file. */
  max_file_bytes: z.number().int(),
  /** CAPTURE_MAX_SECONDS: the longest screen recording. */
  capture_max_seconds: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const contentListQuerySchema = z.object({
  /** The folder to list; the top of the library when absent. */
  parent: z.uuid({ error: "parent must be a folder id" }).optional(),
  /** An earlier mission to read; the current one when absent. */
  mission: z.uuid({ error: "mission must be a mission id" }).optional(),
  /** Titles containing this text, in every folder of the mission (parent is then ignored). */
  search: z.string().trim().max(CONTENT_TITLE_MAX).optional(),
});

export const contentListSchema = z.object({
  /** The mission shown; null before the organization's first file. */
  mission: missionSchema.nullable(),
  missions: z.array(missionSchema),
  /** False for an earlier mission: read-only. */
  writable: z.boolean(),
  /** The folder listed and its ancestors, outermost first; empty at the top. */
  folder_path: z.array(z.object({ id: z.uuid(), title: z.string() })),
  /** Folders first, then newest first. */
  items: z.array(contentItemSchema),
  /** True when more items matched than one answer holds. */
  truncated: z.boolean(),
  usage: storageUsageSchema,
});
export type ContentList = z.infer<typeof contentListSchema>;

export const createFolderBodySchema = z.object({
  title: contentTitleSchema,
  description: contentDescriptionSchema,
  parent_id: z.uuid({ error: "parent_id must be a folder id" }).nullable().optional(),
});

export const uploadContentQuerySchema = z.object({
  title: contentTitleSchema,
  description: contentDescriptionSchema,
  parent_id: z.uuid({ error: "parent_id must be a folder id" }).optional(),
  /** The name the file had on the uploader's machine; neutralised before it is kept. */
  file_name: z.string().trim().min(1, { error: "file_name is required" }).max(CONTENT_FILE_NAME_MAX * 4),
});

export const updateContentBodySchema = z.object({
  title: contentTitleSchema,
  description: contentDescriptionSchema,
});

export const moveContentBodySchema = z.object({
  /** The destination folder; null for the top of the library. */
  parent_id: z.uuid({ error: "parent_id must be a folder id" }).nullable(),
});

export const contentRemovalSchema = z.object({
  /** What deleting the item removes: itself and, for a folder, everything in it. */
  files: z.number().int(),
  folders: z.number().int(),
  bytes: z.number().int(),
});
export type ContentRemoval = z.infer<typeof contentRemovalSchema>;

export const contentLinkQuerySchema = z.object({
  /** "1": offer the file as a download under its file name; otherwise shown in place where it can be. */
  download: z.enum(["0", "1"]).optional(),
});

export const contentLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type ContentLink = z.infer<typeof contentLinkSchema>;

const contentPath = "/api/content/:contentId" as const;

export const listContentRoute = defineRoute({
  id: "listContent", method: "get", path: "/api/content", tag, access: "organization", item,
  summary: "One folder of the library (folders first, then newest), or a title search across folders; the missions and the storage used",
  query: contentListQuerySchema, response: contentListSchema,
});
export const getStorageUsageRoute = defineRoute({
  id: "getStorageUsage", method: "get", path: "/api/content/usage", tag, access: "organization", item,
  summary: "Storage used and the limits: quota, largest file, longest screen recording",
  response: storageUsageSchema,
});
export const createFolderRoute = defineRoute({
  id: "createFolder", method: "post", path: "/api/content/folders", tag, access: "organization", item,
  summary: "Create a folder in the current mission (409 when the title is taken in that folder)",
  body: createFolderBodySchema, response: contentItemSchema, successStatus: 201,
});
export const uploadContentRoute = defineRoute({
  id: "uploadContent", method: "post", path: "/api/content/files", tag, access: "organization", item,
  summary:
    "Upload one file into the current mission: streamed, at most UPLOAD_MAX_BYTES (413, nothing stored), within the organization's quota (413), " +
    "its type sniffed from the bytes (415 when not accepted); 409 when the title is taken in the folder",
  query: uploadContentQuerySchema, response: contentItemSchema, successStatus: 201,
  rawBody: { mediaTypes: ["application/octet-stream"], description: "The file's bytes" },
});
export const updateContentRoute = defineRoute({
  id: "updateContent", method: "patch", path: contentPath, tag, access: "organization", item,
  summary: "Rename a file or folder and change its description (409 when the title is taken in its folder)",
  body: updateContentBodySchema, response: contentItemSchema,
});
export const moveContentRoute = defineRoute({
  id: "moveContent", method: "post", path: `${contentPath}/move`, tag, access: "organization", item,
  summary: "Move a file or folder to another folder of the mission, or to the top; never into itself or a folder inside it (409)",
  body: moveContentBodySchema, response: contentItemSchema,
});
export const getContentRemovalRoute = defineRoute({
  id: "getContentRemoval", method: "get", path: `${contentPath}/removal`, tag, access: "organization", item,
  summary: "What deleting the file or folder would remove: files, folders and bytes",
  response: contentRemovalSchema,
});
export const deleteContentRoute = defineRoute({
  id: "deleteContent", method: "delete", path: contentPath, tag, access: "organization", item,
  summary: "Delete a file, or a folder with everything in it; the stored files go too, and every attachment of them",
  response: contentRemovalSchema,
});
export const getContentLinkRoute = defineRoute({
  id: "getContentLink", method: "get", path: `${contentPath}/link`, tag, access: "organization", item,
  summary: "A signed link (valid 3600 s) to show the file in place or, with download=1, to download it under its file name",
  query: contentLinkQuerySchema, response: contentLinkSchema,
});
export const startMissionRoute = defineRoute({
  id: "startMission", method: "post", path: "/api/content/missions", tag, access: "employee-organization",
  summary: "Start a new mission for the organization: the current one ends and stays readable, the library starts empty",
  response: missionSchema, successStatus: 201,
});
