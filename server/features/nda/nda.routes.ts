import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  countersignNdaRoute,
  getNdaDocumentRoute,
  getNdaTemplateRoute,
  listNdasRoute,
  signNdaRoute,
  updateNdaTemplateRoute,
} from "#common/contracts/nda";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { countersignNda, signNda } from "./nda-signing.service.ts";
import { type NdaDeps, getNdaDocumentLink, getNdaTemplate, listNdas, updateNdaTemplate } from "./nda.service.ts";

const ndaIdSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one: 404, never a database error. */
function ndaId(c: Context<AppEnv>): string {
  const parsed = ndaIdSchema.safeParse(c.req.param("ndaId"));
  if (!parsed.success) throw new AppError("not_found", "NDA not found");
  return parsed.data;
}

export function registerNdaRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: NdaDeps) {
  const { db } = deps;
  bindRoute(router, getNdaTemplateRoute, guard, () => getNdaTemplate(db));
  bindRoute(router, updateNdaTemplateRoute, guard, ({ c, body }) => updateNdaTemplate(db, requireCaller(c), body));
  bindRoute(router, listNdasRoute, guard, ({ c }) => listNdas(db, c.get("organizationId")));
  bindRoute(router, signNdaRoute, guard, ({ c, body }) => signNda(deps, c.get("organizationId"), requireCaller(c), body, c.get("logger")));
  bindRoute(router, countersignNdaRoute, guard, ({ c, body }) =>
    countersignNda(deps, c.get("organizationId"), requireCaller(c), ndaId(c), body, c.get("logger")),
  );
  bindRoute(router, getNdaDocumentRoute, guard, ({ c }) => getNdaDocumentLink(deps, c.get("organizationId"), ndaId(c)));
}
