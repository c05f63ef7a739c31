import type { RouteContract } from "./http.ts";
import { getAccessRoute } from "./access.ts";
import { getSignInOptionsRoute } from "./auth.ts";
import { getDashboardRoute, getTrialStatusRoute } from "./dashboard.ts";
import {
  createConnectionRoute,
  deleteConnectionRoute,
  getConnectionRoute,
  listConnectionsRoute,
  testConnectionRoute,
  updateConnectionRoute,
} from "./data-connections.ts";
import {
  discardDatasetRoute,
  downloadMigrationTemplateRoute,
  getMigrationOverviewRoute,
  getStagedRowsRoute,
  uploadMigrationFileRoute,
} from "./data-migration.ts";
import { createOrganizationRoute, listEmployeeOrganizationsRoute } from "./employee.ts";
import { eventStreamRoute } from "./events.ts";
import { exportEtlDatasetRoute, listEtlConnectionsRoute, listEtlDatasetsRoute, reviewDatasetRoute } from "./etl-admin.ts";
import { downloadFileRoute } from "./files.ts";
import { getLaunchpadRoute, recalculateLaunchpadRoute, saveLaunchpadPageRoute } from "./launchpad.ts";
import { getCurrentUserRoute } from "./me.ts";
import {
  assignMenuVersionRoute,
  createMenuVersionRoute,
  getOrganizationMenuRoute,
  listMenuVersionsRoute,
  setUserMenuExclusionsRoute,
  updateMenuVersionRoute,
} from "./menu-versions.ts";
import {
  countersignNdaRoute,
  getNdaDocumentRoute,
  getNdaTemplateRoute,
  listNdasRoute,
  signNdaRoute,
  updateNdaTemplateRoute,
} from "./nda.ts";
import { getActingOrganizationRoute, updateActingOrganizationRoute } from "./organizations.ts";
import { exportCatalogRoute, getCatalogRoute, importCatalogRoute } from "./pricing-catalog.ts";
import {
  createEstimateRoute,
  createQuickEstimateRoute,
  deleteEstimateRoute,
  getEstimateComparisonRoute,
  getEstimateRoute,
  getPrimaryEstimateRoute,
  getSubscriptionPlanRoute,
  listEstimatesRoute,
  lockEstimateRoute,
  setEstimateApprovalRoute,
  setPrimaryEstimateRoute,
  unlockEstimateRoute,
  updateEstimateRoute,
} from "./pricing-estimates.ts";
import { updateProfileRoute } from "./profile.ts";
import {
  apiDocsAssetRoute,
  apiDocsRoute,
  authGetRoute,
  authPostRoute,
  healthRoute,
  metricsRoute,
  openApiRoute,
  readinessRoute,
} from "./system.ts";
import {
  acceptInvitationRoute,
  changeMemberRoleRoute,
  getTeamRoute,
  inviteMemberRoute,
  lookupInvitationRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from "./team.ts";

/**
 * Every HTTP route the server answers (besides the web app's static files).
 * The OpenAPI document is built from this list, and the tenant-isolation test walks it and
 * fails when the server registers a route that is missing here.
 */
export const routeRegistry: readonly RouteContract[] = [
  healthRoute,
  readinessRoute,
  metricsRoute,
  openApiRoute,
  apiDocsRoute,
  apiDocsAssetRoute,
  authGetRoute,
  authPostRoute,
  getSignInOptionsRoute,
  getCurrentUserRoute,
  updateProfileRoute,
  getActingOrganizationRoute,
  updateActingOrganizationRoute,
  listEmployeeOrganizationsRoute,
  createOrganizationRoute,
  getTeamRoute,
  inviteMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  changeMemberRoleRoute,
  removeMemberRoute,
  lookupInvitationRoute,
  acceptInvitationRoute,
  eventStreamRoute,
  getAccessRoute,
  listMenuVersionsRoute,
  createMenuVersionRoute,
  updateMenuVersionRoute,
  getOrganizationMenuRoute,
  assignMenuVersionRoute,
  setUserMenuExclusionsRoute,
  downloadFileRoute,
  getNdaTemplateRoute,
  updateNdaTemplateRoute,
  listNdasRoute,
  signNdaRoute,
  countersignNdaRoute,
  getNdaDocumentRoute,
  getLaunchpadRoute,
  saveLaunchpadPageRoute,
  recalculateLaunchpadRoute,
  getDashboardRoute,
  getTrialStatusRoute,
  getCatalogRoute,
  exportCatalogRoute,
  importCatalogRoute,
  listEstimatesRoute,
  getPrimaryEstimateRoute,
  getEstimateRoute,
  createEstimateRoute,
  updateEstimateRoute,
  createQuickEstimateRoute,
  setPrimaryEstimateRoute,
  lockEstimateRoute,
  unlockEstimateRoute,
  setEstimateApprovalRoute,
  deleteEstimateRoute,
  getEstimateComparisonRoute,
  getSubscriptionPlanRoute,
  listConnectionsRoute,
  getConnectionRoute,
  createConnectionRoute,
  updateConnectionRoute,
  deleteConnectionRoute,
  testConnectionRoute,
  getMigrationOverviewRoute,
  downloadMigrationTemplateRoute,
  uploadMigrationFileRoute,
  getStagedRowsRoute,
  discardDatasetRoute,
  listEtlConnectionsRoute,
  listEtlDatasetsRoute,
  exportEtlDatasetRoute,
  reviewDatasetRoute,
];
