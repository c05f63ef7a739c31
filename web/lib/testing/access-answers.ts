import { type Access, presentAccessItems } from "#common/contracts/access";
import type { AccessFacts } from "#common/domain/access";

/**
 * Test helper: the access answer the server gives for these facts (each item's state and page
 * verdict), for the navigation, the guards and features.
 */
export function accessAnswerFor(overrides: Partial<AccessFacts> = {}, erpSiteUrl: string | null = null): Access {
  const facts: AccessFacts = {
    isEmployee: false,
    email: "ana@acme.example",
    ndaSigned: false,
    launchpadPercent: 40,
    businessAspects: [],
    menu: { excludeItems: [], customPermissions: {} },
    userExcludedItems: [],
    providerEmailDomain: "provider.example",
    providerAdminEmail: "boss@provider.example",
    menuVersion: "v1",
    ...overrides,
  };
  return {
    menu_version: facts.menuVersion ?? "v1",
    nda_signed: facts.ndaSigned,
    launchpad_percent: facts.launchpadPercent,
    business_aspects: [...facts.businessAspects],
    is_employee: facts.isEmployee,
    is_provider_administrator: false,
    erp_site_url: erpSiteUrl,
    ...presentAccessItems(facts),
  };
}

/** A member whose organization has not signed the NDA and is 40% through the launchpad (menu v1). */
export const MEMBER_ACCESS = accessAnswerFor();

/** An employee on an organization that has done everything (menu v2, eCommerce). */
export const EMPLOYEE_ACCESS = accessAnswerFor(
  { isEmployee: true, email: "eve@provider.example", ndaSigned: true, launchpadPercent: 100, businessAspects: ["eCommerce"], menuVersion: "v2" },
  "https://erp.example.com/",
);
