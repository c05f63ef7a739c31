import { type Access, presentAccessItems } from "#common/contracts/access";
import { type AccessFacts, isProviderAdministrator } from "#common/domain/access";
import { DEFAULT_MENU_VERSION } from "#common/domain/menu-config";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";

/**
 * The facts safe to show, and every item's menu state and page verdict: the provider's settings
 * themselves stay here.
 */
function presentAccess(facts: AccessFacts, settings: AccessSettings): Access {
  return {
    menu_version: facts.menuVersion ?? DEFAULT_MENU_VERSION,
    nda_signed: facts.ndaSigned,
    launchpad_percent: facts.launchpadPercent,
    business_aspects: [...facts.businessAspects],
    is_employee: facts.isEmployee,
    is_provider_administrator: isProviderAdministrator(facts.email, facts.providerAdminEmail),
    erp_site_url: settings.erpSiteUrl,
    ...presentAccessItems(facts),
  };
}

/** What the caller may see and open in the organization, decided by the rules of common/domain/access.ts. */
export async function getAccess(db: Database, caller: Caller, organizationId: string, settings: AccessSettings): Promise<Access> {
  return presentAccess(await loadAccessFacts(db, caller, organizationId, settings), settings);
}
