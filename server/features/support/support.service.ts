import {
  DEFAULT_SUPPORT_SETTINGS,
  SUPPORT_HELP_REQUESTS_SHOWN,
  type SupportHelpRequest,
  type SupportOverview,
  type SupportSettings,
  type SupportSettingsInput,
} from "#common/contracts/support";
import { checkEntityAccess } from "#common/domain/access";
import { type ActionLogType, actionLogEntryGate, formatActionLogReference, type HelpType } from "#common/domain/action-log";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Queryable } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { selectSupportFaqMarkdown } from "#server/queries/support-faq.queries";
import { type HelpRequestRow, type SupportSettingsRow, selectHelpRequests, selectSupportSettings, upsertSupportSettings } from "./support.queries.ts";

export interface SupportDeps {
  /** Queryable: the page opens no transaction (a test reads it inside one it rolls back). */
  db: Queryable;
  access: AccessSettings;
}

// Read past what is shown: before the NDA a member sees only their own, which may lie further back.
const HELP_REQUESTS_READ = 4 * SUPPORT_HELP_REQUESTS_SHOWN;

function presentSettings(row: SupportSettingsRow | undefined): SupportSettings {
  if (!row) return { ...DEFAULT_SUPPORT_SETTINGS, updated_at: null };
  return {
    contacts: row.contacts,
    support_hours: row.supportHours,
    time_zone: row.timeZone,
    first_response_hours: row.firstResponseHours,
    response_promise: row.responsePromise,
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentHelpRequest(row: HelpRequestRow): SupportHelpRequest {
  return {
    id: row.id,
    reference: formatActionLogReference(row.actionLogType as ActionLogType, row.number),
    title: row.title,
    help_type: row.helpType as HelpType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The page: the provider's settings (or the defaults), the organization's help requests each open
 * to the caller (checkEntityAccess: before the NDA a plain member sees only their own), and the FAQ.
 */
export async function getSupportOverview(deps: SupportDeps, organizationId: string, caller: Caller): Promise<SupportOverview> {
  const [facts, settings, requests, faqMarkdown] = await Promise.all([
    loadAccessFacts(deps.db, caller, organizationId, deps.access),
    selectSupportSettings(deps.db),
    selectHelpRequests(deps.db, organizationId, HELP_REQUESTS_READ),
    selectSupportFaqMarkdown(deps.db),
  ]);
  const visible = requests.filter(
    (row) => checkEntityAccess(actionLogEntryGate({ type: row.actionLogType as ActionLogType, helpType: row.helpType, creatorId: row.creator }), caller, facts).allowed,
  );
  return {
    settings: presentSettings(settings),
    can_edit_settings: caller.isEmployee,
    help_requests: visible.slice(0, SUPPORT_HELP_REQUESTS_SHOWN).map(presentHelpRequest),
    faq_markdown: faqMarkdown,
  };
}

/** Saves the provider's settings; the route lets only employees through. */
export async function saveSupportSettings(db: Queryable, input: SupportSettingsInput, caller: Caller): Promise<SupportSettings> {
  return presentSettings(await upsertSupportSettings(db, input, caller.userId));
}
