import { Readable } from "node:stream";
import type { Hono } from "hono";
import { CURRICULUM_EXPORT_FILENAME_PREFIX, exportCurriculumRoute, getCurriculumRoute, importCurriculumRoute } from "#common/contracts/curriculum";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import type { Storage } from "#server/storage/storage";
import { readUpload } from "#server/storage/uploads";
import { exportCurriculumZip, getCurriculumOverview, importCurriculumZip } from "./curriculum.service.ts";

/** `maxFileBytes`: UPLOAD_MAX_BYTES, the limit of the zip and of each video in it. */
export function registerCurriculumRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database; storage: Storage; maxFileBytes: number }) {
  const { db, storage, maxFileBytes } = deps;
  bindRoute(router, getCurriculumRoute, guard, () => getCurriculumOverview(db, maxFileBytes));
  bindRoute(router, exportCurriculumRoute, guard, async ({ c }) => {
    const zip = await exportCurriculumZip(db, storage);
    const date = new Date().toISOString().slice(0, 10);
    return c.body(Readable.toWeb(zip) as ReadableStream<Uint8Array>, 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${CURRICULUM_EXPORT_FILENAME_PREFIX}-${date}.zip"`,
      "cache-control": "no-store",
    });
  });
  bindRoute(router, importCurriculumRoute, guard, async ({ c }) => {
    const upload = await readUpload(c, { maxBytes: maxFileBytes, accept: ["application/zip"] });
    return importCurriculumZip({ db, storage, logger: c.get("logger"), maxFileBytes }, upload.body, requireCaller(c).userId);
  });
}
