import type { QueryKey } from "@tanstack/react-query";
import type { RealtimeEvent } from "#common/contracts/events";
import { REALTIME_DEBOUNCE_MS } from "#common/domain/reconnect-policy";

/** Query keys shared by a feature's hooks and the realtime invalidation below. */
export const queryKeys = {
  organization: ["organization"] as const,
  /** The organization profile (/organization); under `organization`, so organizationUpdated refreshes it. */
  organizationProfile: ["organization", "profile"] as const,
  currentUser: ["current-user"] as const,
  team: ["team"] as const,
  /** Every organization, for the employee switcher. */
  employeeOrganizations: ["employee-organizations"] as const,
  /** What the caller may see and open in the acting organization (GET /api/access). */
  access: ["access"] as const,
  /** The organization's NDAs and the template (GET /api/nda). */
  nda: ["nda"] as const,
  /** Launchpad pages and readings (GET /api/launchpad). */
  launchpad: ["launchpad"] as const,
  dashboard: ["dashboard"] as const,
  /** The readiness score: under the dashboard's key, so whatever refreshes the dashboard refreshes it. */
  readiness: ["dashboard", "readiness"] as const,
  trialStatus: ["trial-status"] as const,
  /** The Tools page: each tool's counts, or why it is locked (GET /api/tools). */
  tools: ["tools"] as const,
  /** The extensions and their state for the organization (GET /api/extensions). */
  extensions: ["extensions"] as const,
  /** The price list: the same for every organization. */
  pricingCatalog: ["pricing-catalog"] as const,
  /** Everything about the organization's estimates (prefix of the keys below). */
  pricing: ["pricing"] as const,
  estimates: ["pricing", "estimates"] as const,
  primaryEstimate: ["pricing", "primary"] as const,
  estimate: (estimateId: string) => ["pricing", "estimate", estimateId] as const,
  estimateComparison: ["pricing", "comparison"] as const,
  subscriptionPlan: ["pricing", "plan"] as const,
  /** The organization's data connections (prefix of one connection's key). */
  dataConnections: ["data-connections"] as const,
  dataConnection: (connectionId: string) => ["data-connections", connectionId] as const,
  /** The migration workbench: the overview and the staged rows' pages (prefix). */
  dataMigration: ["data-migration"] as const,
  migrationOverview: ["data-migration", "overview"] as const,
  /** A page of the staged rows of one file (`version`: the dataset's id and staged_at), so a newer file never shows the previous one's rows. */
  stagedRows: (entity: string, version: string, page: number) => ["data-migration", "rows", entity, version, page] as const,
  /** The ETL team's lists across organizations (prefix). */
  etlAdmin: ["etl-admin"] as const,
  /** The launch plan: the plan, a course, a lesson, a topic (prefix of the keys below). */
  launchPlan: ["launch-plan"] as const,
  launchPlanOverview: ["launch-plan", "plan"] as const,
  launchPlanCourse: (courseId: string) => ["launch-plan", "course", courseId] as const,
  launchPlanLesson: (lessonId: string) => ["launch-plan", "lesson", lessonId] as const,
  launchPlanTopic: (topicId: string) => ["launch-plan", "topic", topicId] as const,
  /** The configuration questionnaire and its answers (prefix). */
  configuration: ["configuration"] as const,
  /** The provider's curriculum page (employees). */
  curriculum: ["curriculum"] as const,
  /** The file library: folder listings, searches and the storage used (prefix). */
  content: ["content"] as const,
  /** Every entity's attachments (prefix of one entity's key). */
  attachments: ["attachments"] as const,
  entityAttachments: (entityType: string, entityId: string) => ["attachments", entityType, entityId] as const,
  /** The action log: lists, entries, assignees (prefix of the keys below). */
  actionLog: ["action-log"] as const,
  actionLogList: (filters: Record<string, unknown>) => ["action-log", "list", filters] as const,
  actionLogEntry: (actionLogId: string) => ["action-log", "entry", actionLogId] as const,
  actionLogAssignees: ["action-log", "assignees"] as const,
  actionLogTypeDefinitions: ["action-log", "type-definitions"] as const,
  /** The employees' portfolio of every organization. */
  portfolio: ["portfolio"] as const,
  /** The employees' cross-organization inbox. */
  helpInbox: ["help-inbox"] as const,
  /** The signed-in person's notifications and choices: the same whichever organization is selected. */
  notifications: ["notifications"] as const,
  notificationPreferences: ["notifications", "preferences"] as const,
};

/** Spec §9: organization data refreshes 300 ms after the last of a burst of its events. */
export const ORGANIZATION_REFRESH_DEBOUNCE_MS = 300;

// Keys carry no organization id: an employee's switch drops and refetches every query except
// these two, which answer the same whichever organization is selected. New queries are thus
// organization-scoped by default, which is the safe side.
const ORGANIZATION_INDEPENDENT_ROOTS: ReadonlySet<unknown> = new Set([
  queryKeys.currentUser[0],
  queryKeys.employeeOrganizations[0],
  queryKeys.pricingCatalog[0],
  queryKeys.notifications[0],
  queryKeys.helpInbox[0],
  queryKeys.portfolio[0],
]);

/** True for queries whose answer depends on the acting organization. */
export function isOrganizationScopedQuery(queryKey: QueryKey): boolean {
  return !ORGANIZATION_INDEPENDENT_ROOTS.has(queryKey[0]);
}

/** Which cached queries an event makes out of date. */
export function queryKeysForEvent(event: RealtimeEvent): QueryKey[] {
  switch (event.type) {
    case "organizationUpdated":
      // The employee switcher lists organizations by name.
      return [queryKeys.organization, queryKeys.employeeOrganizations];
    case "teamChanged":
      return [queryKeys.team];
    case "claimsRefreshed":
      // Someone's profile or role changed: the team list shows it, and if it is the signed-in
      // user, their own rights (current user, navigation access) change too.
      return [queryKeys.currentUser, queryKeys.team, queryKeys.organization, queryKeys.access];
    case "menuChanged":
      // The Tools page's locks are the menu's verdicts.
      return [queryKeys.access, queryKeys.tools];
    case "ndaChanged":
      // Signing unlocks NDA-gated pages and moves the readings and the trial.
      return [queryKeys.nda, queryKeys.launchpad, queryKeys.dashboard, queryKeys.trialStatus, queryKeys.access, queryKeys.tools];
    case "launchpadChanged":
      // The access rules read the launchpad percentage and the business aspects; the trial reads the flags.
      // The business aspects scope the launch plan before any estimate exists. The organization
      // profile shows Financial Setup's base currency.
      return [
        queryKeys.launchpad,
        queryKeys.dashboard,
        queryKeys.trialStatus,
        queryKeys.access,
        queryKeys.tools,
        queryKeys.launchPlan,
        queryKeys.configuration,
        queryKeys.organizationProfile,
      ];
    case "estimateHeaderChanged":
      // Primary, lock, approval and totals show in the list, the header button, the panel and both
      // plan pages. Lines changing always changes the header too, so this covers the primary's lines.
      return [
        queryKeys.estimates,
        queryKeys.primaryEstimate,
        queryKeys.estimate(event.estimateId),
        queryKeys.estimateComparison,
        queryKeys.subscriptionPlan,
        // The launch plan is scoped by the locked (or primary) estimate's modules.
        queryKeys.launchPlan,
        queryKeys.configuration,
        queryKeys.readiness,
      ];
    case "estimateDetailsChanged":
      // Invalidation touches cached queries only: an estimate this screen never loaded is left alone.
      return [queryKeys.estimate(event.estimateId), queryKeys.estimateComparison, queryKeys.launchPlan, queryKeys.configuration];
    case "dataConnectionChanged":
      // The launchpad's "data connection exists" flag moves with its own launchpadChanged event.
      return [queryKeys.dataConnections, queryKeys.etlAdmin];
    case "migrationDatasetChanged":
      // Uploads and discards, and the ETL team's review, which the customer's page shows.
      return [queryKeys.dataMigration, queryKeys.etlAdmin];
    case "launchPlanChanged":
      return [queryKeys.launchPlan, queryKeys.readiness];
    case "configurationChanged":
      // Answers count towards lessons; a submission moves the launchpad's flag and the dashboard.
      return [queryKeys.configuration, queryKeys.launchPlan, queryKeys.launchpad, queryKeys.dashboard, queryKeys.trialStatus];
    case "curriculumChanged":
      return [queryKeys.launchPlan, queryKeys.configuration, queryKeys.curriculum];
    case "contentChanged":
      // A deleted file takes its attachments with it; Select Existing offers the library's files.
      // The Tools page counts the library's files and folders.
      return [queryKeys.content, queryKeys.attachments, queryKeys.tools];
    case "attachmentsChanged":
      return [queryKeys.entityAttachments(event.entityType, event.entityId)];
    case "actionLogsChanged":
      // The employees' inbox lists help requests and overdue entries of every organization.
      // The Tools page counts each type's entries.
      // The readiness score counts open high risks and overdue entries.
      return [queryKeys.actionLog, queryKeys.helpInbox, queryKeys.tools, queryKeys.readiness];
    case "notificationsChanged":
      // Only the named person's centre changed; others refetch an unchanged list at worst.
      return [queryKeys.notifications];
    case "extensionsChanged":
      // An active extension opens its page (the access answer); a request is an Open Request.
      return [queryKeys.extensions, queryKeys.access, queryKeys.actionLog, queryKeys.tools, queryKeys.readiness];
    case "extensionWorkspaceChanged":
      // The workspace's key sits under the extensions' (web/features/extension-workspaces).
      // A submitted workspace counts in the readiness score.
      return [[...queryKeys.extensions, "workspace", event.extensionId], queryKeys.readiness];
  }
}

/** How long invalidations wait for more events: organization data (spec §4) 300 ms, the rest 50 ms. */
export function refreshDelayForEvent(event: RealtimeEvent): number {
  switch (event.type) {
    case "organizationUpdated":
    case "claimsRefreshed":
      return ORGANIZATION_REFRESH_DEBOUNCE_MS;
    case "extensionWorkspaceChanged":
    case "teamChanged":
    case "menuChanged":
    case "ndaChanged":
    case "launchpadChanged":
    case "estimateHeaderChanged":
    case "estimateDetailsChanged":
    case "dataConnectionChanged":
    case "migrationDatasetChanged":
    case "launchPlanChanged":
    case "configurationChanged":
    case "curriculumChanged":
    case "contentChanged":
    case "attachmentsChanged":
    case "actionLogsChanged":
    case "notificationsChanged":
    case "extensionsChanged":
      return REALTIME_DEBOUNCE_MS;
  }
}
