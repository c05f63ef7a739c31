import type { Access } from "#common/contracts/access";
import { type AccessFacts, DEFAULT_MENU_VERSION, getNavItemState, isProviderAdministrator, type NavItemState } from "#common/domain/access";
import { ACCESS_ITEM_IDS, type AccessItemId } from "#common/domain/navigation-items";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";

/** The facts safe to show, and every item's state: the provider's settings themselves stay here. */
function presentAccess(facts: AccessFacts, settings: AccessSettings): Access {
  const items = Object.fromEntries(ACCESS_ITEM_IDS.map((id) => [id, getNavItemState(id, facts)])) as Record<AccessItemId, NavItemState>;
  return {
    menu_version: facts.menuVersion ?? DEFAULT_MENU_VERSION,
    nda_signed: facts.ndaSigned,
    launchpad_percent: facts.launchpadPercent,
    business_aspects: [...facts.businessAspects],
    is_employee: facts.isEmployee,
    is_provider_administrator: isProviderAdministrator(facts.email, facts.providerAdminEmail),
    erp_site_url: settings.erpSiteUrl,
    items,
  };
}

/** What the caller may see and open in the organization, decided by the rules of common/domain/access.ts. */
export async function getAccess(db: Database, caller: Caller, organizationId: string, settings: AccessSettings): Promise<Access> {
  return presentAccess(await loadAccessFacts(db, caller, organizationId, settings), settings);
}
