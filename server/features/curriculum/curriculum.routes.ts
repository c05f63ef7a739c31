import type { Hono } from "hono";
import { CURRICULUM_EXPORT_FILENAME_PREFIX, CURRICULUM_ZIP_MAX_BYTES, exportCurriculumRoute, getCurriculumRoute, importCurriculumRoute } from "#common/contracts/curriculum";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { readUpload } from "#server/storage/uploads";
import { exportCurriculumZip, getCurriculumOverview, importCurriculumZip } from "./curriculum.service.ts";

export function registerCurriculumRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database }) {
  const { db } = deps;
  bindRoute(router, getCurriculumRoute, guard, () => getCurriculumOverview(db));
  bindRoute(router, exportCurriculumRoute, guard, async ({ c }) => {
    const zip = await exportCurriculumZip(db);
    const date = new Date().toISOString().slice(0, 10);
    return c.body(new Uint8Array(zip), 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${CURRICULUM_EXPORT_FILENAME_PREFIX}-${date}.zip"`,
      "cache-control": "no-store",
    });
  });
  bindRoute(router, importCurriculumRoute, guard, async ({ c }) => {
    const upload = await readUpload(c, { maxBytes: CURRICULUM_ZIP_MAX_BYTES, accept: ["application/zip"] });
    return importCurriculumZip(db, upload.body, requireCaller(c).userId, c.get("logger"));
  });
}
