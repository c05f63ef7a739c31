import type { Context, Hono } from "hono";
import {
  discardOpenContainersRoute,
  getApAutomationWorkspaceRoute,
  getContainerManagementWorkspaceRoute,
  importOpenContainersRoute,
  reopenApAutomationWorkspaceRoute,
  reopenContainerManagementWorkspaceRoute,
  saveApAutomationDraftRoute,
  saveContainerManagementDraftRoute,
  submitApAutomationWorkspaceRoute,
  submitContainerManagementWorkspaceRoute,
} from "#common/contracts/extension-workspaces";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { getApAutomationWorkspace, reopenApAutomationWorkspace, saveApAutomationDraft, submitApAutomationWorkspace } from "./ap-automation.service.ts";
import {
  discardOpenContainers,
  getContainerManagementWorkspace,
  reopenContainerManagementWorkspace,
  saveContainerManagementDraft,
  submitContainerManagementWorkspace,
} from "./container-management.service.ts";
import { importOpenContainers } from "./open-containers-import.service.ts";

/** Every route names its extension's item: the route guard opens it once the extension is active (employees always). */
export function registerExtensionWorkspaceRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database }) {
  const { db } = deps;
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");

  bindRoute(router, getApAutomationWorkspaceRoute, guard, ({ c }) => getApAutomationWorkspace(db, organizationOf(c), requireCaller(c)));
  bindRoute(router, saveApAutomationDraftRoute, guard, ({ c, body }) => saveApAutomationDraft(db, organizationOf(c), requireCaller(c), body));
  bindRoute(router, submitApAutomationWorkspaceRoute, guard, ({ c }) => submitApAutomationWorkspace(db, organizationOf(c), requireCaller(c), c.get("logger")));
  bindRoute(router, reopenApAutomationWorkspaceRoute, guard, ({ c, body }) =>
    reopenApAutomationWorkspace(db, organizationOf(c), requireCaller(c), body.reason, c.get("logger")),
  );

  bindRoute(router, getContainerManagementWorkspaceRoute, guard, ({ c }) => getContainerManagementWorkspace(db, organizationOf(c), requireCaller(c)));
  bindRoute(router, saveContainerManagementDraftRoute, guard, ({ c, body }) => saveContainerManagementDraft(db, organizationOf(c), requireCaller(c), body));
  bindRoute(router, submitContainerManagementWorkspaceRoute, guard, ({ c }) =>
    submitContainerManagementWorkspace(db, organizationOf(c), requireCaller(c), c.get("logger")),
  );
  bindRoute(router, reopenContainerManagementWorkspaceRoute, guard, ({ c, body }) =>
    reopenContainerManagementWorkspace(db, organizationOf(c), requireCaller(c), body.reason, c.get("logger")),
  );
  bindRoute(router, importOpenContainersRoute, guard, ({ c, query }) =>
    importOpenContainers(
      db,
      organizationOf(c),
      requireCaller(c),
      { fileName: query.file_name, contentType: c.req.header("content-type"), contentLength: c.req.header("content-length"), body: c.req.raw.body },
      c.get("logger"),
    ),
  );
  bindRoute(router, discardOpenContainersRoute, guard, ({ c }) => discardOpenContainers(db, organizationOf(c), requireCaller(c)));
}
