import type { Context, Hono } from "hono";
import {
  exportConfigurationRoute,
  getConfigurationRoute,
  reopenConfigurationModuleRoute,
  saveConfigurationAnswersRoute,
  submitConfigurationModuleRoute,
} from "#common/contracts/configuration";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { saveAnswers } from "./configuration-answers.service.ts";
import { exportConfigurationCsv } from "./configuration-export.service.ts";
import { type ConfigurationDeps, getConfiguration, reopenModule, submitModule } from "./configuration.service.ts";

/** The module named in the path, URL-decoded ("Commerce Connectors"); the service checks it. */
const moduleOf = (c: Context<AppEnv>) => c.req.param("module") ?? "";

export function registerConfigurationRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: ConfigurationDeps) {
  const { db } = deps;
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
  bindRoute(router, getConfigurationRoute, guard, ({ c }) => getConfiguration(db, organizationOf(c), requireCaller(c)));
  bindRoute(router, saveConfigurationAnswersRoute, guard, ({ c, body }) => saveAnswers(db, organizationOf(c), body, c.get("logger")));
  bindRoute(router, submitConfigurationModuleRoute, guard, ({ c }) => submitModule(deps, organizationOf(c), requireCaller(c), moduleOf(c), c.get("logger")));
  bindRoute(router, reopenConfigurationModuleRoute, guard, ({ c, body }) =>
    reopenModule(deps, organizationOf(c), requireCaller(c), moduleOf(c), body.reason, c.get("logger")),
  );
  bindRoute(router, exportConfigurationRoute, guard, async ({ c }) => {
    const { fileName, csv } = await exportConfigurationCsv(db, organizationOf(c));
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    });
  });
}
