import { z } from "zod";
import { ATTACHMENT_ENTITY_TYPES } from "../domain/content.ts";
import { contentItemSchema, personRefSchema } from "./content.ts";
import { defineRoute } from "./http.ts";

/**
 * Library files attached to an entity of the organization (spec §3 entity_attachments, §5 Add
 * Attachment). Generic over the entity's type; each type's own access rules apply.
 */

const tag = "Attachments";

const entityQuerySchema = z.object({
  entity_type: z.enum(ATTACHMENT_ENTITY_TYPES, { error: `entity_type must be one of ${ATTACHMENT_ENTITY_TYPES.join(", ")}` }),
  entity_id: z.uuid({ error: "entity_id must be an id" }),
});

export const attachmentSchema = z.object({
  id: z.uuid(),
  entity_type: z.enum(ATTACHMENT_ENTITY_TYPES),
  entity_id: z.uuid(),
  content: contentItemSchema,
  attached_by: personRefSchema.nullable(),
  attached_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

export const attachmentCandidatesSchema = z.object({
  /** Root-level files (no folders) of the current mission not yet attached to the entity, newest first. */
  files: z.array(contentItemSchema),
});
export type AttachmentCandidates = z.infer<typeof attachmentCandidatesSchema>;

export const createAttachmentBodySchema = entityQuerySchema.extend({
  content_id: z.uuid({ error: "content_id must be a file id" }),
});

export const listAttachmentsRoute = defineRoute({
  id: "listAttachments", method: "get", path: "/api/attachments", tag, access: "organization",
  summary: "The files attached to an entity, oldest first",
  query: entityQuerySchema, response: attachmentListSchema,
});
export const listAttachmentCandidatesRoute = defineRoute({
  id: "listAttachmentCandidates", method: "get", path: "/api/attachments/candidates", tag, access: "organization",
  summary: "Select Existing: the root-level files of the current mission not yet attached to the entity",
  query: entityQuerySchema, response: attachmentCandidatesSchema,
});
export const createAttachmentRoute = defineRoute({
  id: "createAttachment", method: "post", path: "/api/attachments", tag, access: "organization",
  summary: "Attach a library file to an entity (409 when it is attached already; folders cannot be attached)",
  body: createAttachmentBodySchema, response: attachmentSchema, successStatus: 201,
});
export const deleteAttachmentRoute = defineRoute({
  id: "deleteAttachment", method: "delete", path: "/api/attachments/:attachmentId", tag, access: "organization",
  summary: "Remove an attachment; the library file stays",
  response: z.object({ removed: z.literal(true) }),
});
