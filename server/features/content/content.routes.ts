import type { Context, Hono } from "hono";
import {
  createFolderRoute,
  deleteContentRoute,
  getContentLinkRoute,
  getContentRemovalRoute,
  getStorageUsageRoute,
  listContentRoute,
  moveContentRoute,
  startMissionRoute,
  updateContentRoute,
  uploadContentRoute,
} from "#common/contracts/content";
import { CONTENT_ACCEPTED_TYPES } from "#common/domain/content";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { readUpload } from "#server/storage/uploads";
import type { ContentDeps } from "./content-checks.ts";
import { startMission } from "./content-missions.service.ts";
import { getContentLink, getContentRemoval, getStorageUsage, listContent } from "./content-read.service.ts";
import { uploadContent } from "./content-upload.service.ts";
import { createFolder, deleteContent, moveContent, updateContent } from "./content-write.service.ts";

const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
/** The item named in the path; the service answers 404 for one that is not a known id. */
const contentIdOf = (c: Context<AppEnv>) => c.req.param("contentId") ?? "";

export function registerContentRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: ContentDeps) {
  const { db } = deps;
  bindRoute(router, listContentRoute, guard, ({ c, query }) => listContent(deps, organizationOf(c), query));
  bindRoute(router, getStorageUsageRoute, guard, ({ c }) => getStorageUsage(deps, organizationOf(c)));
  bindRoute(router, createFolderRoute, guard, ({ c, body }) => createFolder(deps, organizationOf(c), requireCaller(c).userId, body));
  bindRoute(router, uploadContentRoute, guard, ({ c, query }) =>
    uploadContent(deps, organizationOf(c), requireCaller(c).userId, query, (maxBytes) => readUpload(c, { maxBytes, accept: CONTENT_ACCEPTED_TYPES })),
  );
  bindRoute(router, updateContentRoute, guard, ({ c, body }) => updateContent(deps, organizationOf(c), contentIdOf(c), body));
  bindRoute(router, moveContentRoute, guard, ({ c, body }) => moveContent(deps, organizationOf(c), contentIdOf(c), body.parent_id));
  bindRoute(router, getContentRemovalRoute, guard, ({ c }) => getContentRemoval(db, organizationOf(c), contentIdOf(c)));
  bindRoute(router, deleteContentRoute, guard, ({ c }) => deleteContent(deps, organizationOf(c), contentIdOf(c), c.get("logger")));
  bindRoute(router, getContentLinkRoute, guard, ({ c, query }) => getContentLink(deps, organizationOf(c), contentIdOf(c), query.download === "1"));
  bindRoute(router, startMissionRoute, guard, ({ c }) => startMission(db, organizationOf(c), requireCaller(c).userId));
}
