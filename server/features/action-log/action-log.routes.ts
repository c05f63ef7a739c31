import type { Context, Hono } from "hono";
import {
  addActionLogCommentRoute,
  createActionLogRoute,
  createHelpRequestRoute,
  deleteActionLogRoute,
  exportActionLogsRoute,
  getActionLogRoute,
  getHelpInboxRoute,
  listActionLogsRoute,
  listAssigneesRoute,
  listTypeDefinitionsRoute,
  updateActionLogRoute,
  updateTypeDefinitionRoute,
} from "#common/contracts/action-log";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type ActionLogDeps, parseEntryId } from "./action-log-checks.ts";
import { addActionLogComment, createActionLog, deleteActionLog, getActionLog } from "./action-log-entries.service.ts";
import { exportActionLogs, listActionLogAssignees, listActionLogs } from "./action-log-list.service.ts";
import { updateActionLog } from "./action-log-update.service.ts";
import { createHelpRequest, getHelpInbox } from "./help-requests.service.ts";
import { listActionLogTypeDefinitions, updateActionLogTypeDefinition } from "./type-definitions.service.ts";

const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
const entryIdOf = (c: Context<AppEnv>) => parseEntryId(c.req.param("actionLogId"));

export function registerActionLogRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: ActionLogDeps) {
  bindRoute(router, listActionLogsRoute, guard, ({ c, query }) => listActionLogs(deps, organizationOf(c), requireCaller(c), query));
  // The fixed paths before /api/action-logs/:actionLogId, which would take them for ids.
  bindRoute(router, exportActionLogsRoute, guard, async ({ c, query }) => {
    const { fileName, csv } = await exportActionLogs(deps, organizationOf(c), requireCaller(c), query);
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
    });
  });
  bindRoute(router, listAssigneesRoute, guard, ({ c }) => listActionLogAssignees(deps, organizationOf(c), requireCaller(c)));
  bindRoute(router, getActionLogRoute, guard, ({ c }) => getActionLog(deps, organizationOf(c), requireCaller(c), entryIdOf(c)));
  bindRoute(router, createActionLogRoute, guard, ({ c, body }) => createActionLog(deps, organizationOf(c), requireCaller(c), body));
  bindRoute(router, updateActionLogRoute, guard, ({ c, body }) => updateActionLog(deps, organizationOf(c), requireCaller(c), entryIdOf(c), body));
  bindRoute(router, deleteActionLogRoute, guard, ({ c }) => deleteActionLog(deps, organizationOf(c), requireCaller(c), entryIdOf(c)));
  bindRoute(router, addActionLogCommentRoute, guard, ({ c, body }) =>
    addActionLogComment(deps, organizationOf(c), requireCaller(c), entryIdOf(c), body.body),
  );
  bindRoute(router, listTypeDefinitionsRoute, guard, ({ c }) => listActionLogTypeDefinitions(deps, requireCaller(c)));
  bindRoute(router, updateTypeDefinitionRoute, guard, ({ c, body }) => updateActionLogTypeDefinition(deps, requireCaller(c), body));
  bindRoute(router, createHelpRequestRoute, guard, ({ c, body }) => createHelpRequest(deps, organizationOf(c), requireCaller(c), body, c.get("logger")));
  bindRoute(router, getHelpInboxRoute, guard, ({ c }) => getHelpInbox(deps, requireCaller(c)));
}
