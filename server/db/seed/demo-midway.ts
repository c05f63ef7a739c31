import type { CreateActionLogBody } from "#common/contracts/action-log";
import { createActionLog } from "#server/features/action-log/action-log-entries.service";
import { createHelpRequest } from "#server/features/action-log/help-requests.service";
import { createFolder } from "#server/features/content/content-write.service";
import { uploadContent } from "#server/features/content/content-upload.service";
import { activateExtension, requestExtension } from "#server/features/extensions/extensions.service";
import { assignMenuVersion } from "#server/features/menu-versions/menu-assignments.service";
import { createMenuVersion } from "#server/features/menu-versions/menu-versions.service";
import { ALWAYS_VISIBLE_PERMISSION } from "#common/domain/menu-config";
import { midwayLaunchpadAnswers } from "./demo-launchpad-answers.ts";
import { answerConfiguration, completeLaunchpadPages, completeMilestones, connectQuickBooks, saveLockedEstimate, signMutualNda } from "./demo-onboarding.ts";
import { type OrganizationSeed, isoDateFromToday } from "./demo-seed-kit.ts";

/** A 1×1 PNG, the smallest image the library accepts as one. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** Open work of a project in full swing: a High and a Critical risk, overdue tasks, a decision awaiting. */
function midwayEntries(member: string, employee: string): CreateActionLogBody[] {
  return [
    { title: "Legacy item codes may not map to the new inventory IDs", action_log_type: "Risk", impact_level: "High", likelihood: "Likely", action_log_category: "Data", assigned_to: member },
    { title: "Shopify connector not certified for our order volume", action_log_type: "Risk", impact_level: "Critical", likelihood: "Likely", action_log_category: "Integration", assigned_to: employee },
    { title: "Send the open purchase orders export", action_log_type: "Task", priority: "High", due_date: isoDateFromToday(-6), assigned_to: member },
    { title: "Confirm warehouse bin locations", action_log_type: "Task", due_date: isoDateFromToday(-2), assigned_to: member },
    { title: "Book the training room for key users", action_log_type: "Task", due_date: isoDateFromToday(14), assigned_to: member },
    { title: "Keep landed costs on receipts or on bills?", action_log_type: "Decision", status: "Open", due_date: isoDateFromToday(10), assigned_to: member },
  ];
}

async function logOpenWork(seed: OrganizationSeed): Promise<void> {
  const { deps, organizationId, member, employee } = seed;
  for (const body of midwayEntries(member.userId, employee.userId)) await createActionLog(deps.actionLog, organizationId, member, body);
  await createHelpRequest(
    deps.actionLog,
    organizationId,
    member,
    { help_type: "help", title: "Help mapping our chart of accounts", description: "We have three legacy expense accounts per department; what is the best practice?", source_page: "/launch-plan" },
    deps.logger,
  );
}

async function fillLibrary(seed: OrganizationSeed): Promise<void> {
  const { deps, organizationId, member } = seed;
  const upload = (title: string, fileName: string, bytes: Buffer, contentType: string, parentId: string) =>
    uploadContent(deps.content, organizationId, member.userId, { title, file_name: fileName, parent_id: parentId }, async () => ({ body: bytes, contentType }));
  const kickOff = await createFolder(deps.content, organizationId, member.userId, { title: "Kick-off" });
  const data = await createFolder(deps.content, organizationId, member.userId, { title: "Data migration" });
  await upload("Kick-off notes", "kick-off-notes.txt", Buffer.from("Kick-off notes\n\nGo-live in about 90 days. Key users: finance, warehouse, web shop.\n"), "text/plain", kickOff.id);
  await upload("Warehouse layout", "warehouse-layout.png", TINY_PNG, "image/png", data.id);
}

/**
 * The demo member sees the Extensions section (spec §6: a menu version whose permission is
 * always_visible), created and assigned as the provider administrator does; the seed acts as the
 * operator, so the employee stands in for the administrator whoever PROVIDER_ADMIN_EMAIL names.
 */
async function showExtensionsToMembers(seed: OrganizationSeed): Promise<void> {
  const { deps, organizationId, employee } = seed;
  const asAdministrator = { ...deps.access, providerAdminEmail: employee.email };
  const version = await createMenuVersion(deps.db, employee, asAdministrator, {
    version_name: "Extensions visible",
    is_active: true,
    menu_config: { excludeItems: [], customPermissions: { extensions: ALWAYS_VISIBLE_PERMISSION } },
  });
  await assignMenuVersion(deps.db, employee, asAdministrator, organizationId, version.version_name);
}

/**
 * Demo Company, the demo member's own organization, midway: onboarding done, the plan about 40 %
 * through, open risks and overdue work, a help request, library files, an extension requested and
 * one active.
 */
export async function seedMidwayOrganization(seed: OrganizationSeed): Promise<void> {
  const { deps, organizationId, member, employee } = seed;
  await signMutualNda(seed, { fullName: "Dana Member", title: "Chief Financial Officer" });
  await completeLaunchpadPages(seed, midwayLaunchpadAnswers());
  await saveLockedEstimate(seed, "Commerce Edition for two warehouses", "CE");
  await connectQuickBooks(seed);
  await showExtensionsToMembers(seed);
  await requestExtension(deps.extensions, organizationId, member, "ap-automation", "Our bills arrive by email; we would like them captured.");
  await activateExtension(deps.extensions, organizationId, employee, "decision-maker-dashboard");
  await completeMilestones(seed, 0.4);
  await answerConfiguration(seed, { questionsPerModule: 3, submit: false, modules: 1 });
  await logOpenWork(seed);
  await fillLibrary(seed);
}
