import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  createAttachmentRoute,
  deleteAttachmentRoute,
  listAttachmentCandidatesRoute,
  listAttachmentsRoute,
} from "#common/contracts/attachments";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type AttachmentDeps, createAttachment, deleteAttachment, listAttachmentCandidates, listAttachments } from "./attachments.service.ts";

const attachmentIdSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one: 404, never a database error. */
function attachmentIdOf(c: Context<AppEnv>): string {
  const parsed = attachmentIdSchema.safeParse(c.req.param("attachmentId"));
  if (!parsed.success) throw new AppError("not_found", "Attachment not found");
  return parsed.data;
}

export function registerAttachmentRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: AttachmentDeps) {
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
  bindRoute(router, listAttachmentsRoute, guard, ({ c, query }) => listAttachments(deps, organizationOf(c), requireCaller(c), query));
  bindRoute(router, listAttachmentCandidatesRoute, guard, ({ c, query }) =>
    listAttachmentCandidates(deps, organizationOf(c), requireCaller(c), query),
  );
  bindRoute(router, createAttachmentRoute, guard, ({ c, body }) => createAttachment(deps, organizationOf(c), requireCaller(c), body));
  bindRoute(router, deleteAttachmentRoute, guard, ({ c }) => deleteAttachment(deps, organizationOf(c), requireCaller(c), attachmentIdOf(c)));
}
