import { presentAnsweredIn } from "#common/contracts/answered-in";
import type {
  OrganizationLogo,
  OrganizationProfile,
  OrganizationProfileUpdate,
  PostalAddress,
  TaxId,
} from "#common/contracts/organization-profile";
import { CURRENCIES } from "#common/domain/currencies";
import {
  COMPANY_SIZE_IDS,
  type CompanySizeId,
  INDUSTRY_IDS,
  type IndustryId,
  LOGO_CONTENT_TYPES,
  type LogoContentType,
  PROFILE_READ_ONLY_REASON,
  canEditOrganizationProfile,
} from "#common/domain/organization-profile";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type OrganizationWithProfile,
  type ProfileDetails,
  lockOrganizationWithProfile,
  selectFinancialSetupBaseCurrency,
  selectOrganizationWithProfile,
  updateOrganizationTimeZone,
  upsertProfileDetails,
} from "./organization-profile.queries.ts";

/** The configuration question whose one source, Financial Setup, also answers the profile's base currency. */
const BASE_CURRENCY_QUESTION = "fin-base-currency";

/** Changing the profile or its logo: the organization's admins and provider employees (403 for others). */
export function assertCanEditProfile(caller: Caller): void {
  if (!canEditOrganizationProfile(caller)) throw new AppError("forbidden", PROFILE_READ_ONLY_REASON);
}

const oneOf = <T extends string>(ids: readonly T[], value: string | null): T | null => (ids.includes(value as T) ? (value as T) : null);

function presentBaseCurrency(code: string | null): OrganizationProfile["base_currency"] {
  const answeredIn = presentAnsweredIn(BASE_CURRENCY_QUESTION);
  if (!answeredIn) throw new Error(`no launchpad page answers ${BASE_CURRENCY_QUESTION}`);
  // Financial Setup checks its codes against the list; a code since withdrawn still shows as written.
  const valid = code !== null && /^[A-Z]{3}$/.test(code) ? code : null;
  return { code: valid, name: CURRENCIES.find((currency) => currency.code === valid)?.name ?? null, answered_in: answeredIn };
}

/** The logo's version is its storage key's last segment: each upload gets a fresh key. */
export function logoVersionOf(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}

function presentLogo(profile: OrganizationWithProfile["profile"]): OrganizationLogo | null {
  const contentType = oneOf<LogoContentType>(LOGO_CONTENT_TYPES, profile?.logoContentType ?? null);
  if (!profile?.logoKey || !contentType || profile.logoSize === null) return null;
  return { version: logoVersionOf(profile.logoKey), content_type: contentType, size: profile.logoSize };
}

export function presentOrganizationProfile(
  organizationId: string,
  { organizationName, timeZone, profile }: OrganizationWithProfile,
  baseCurrencyCode: string | null,
  canEdit: boolean,
): OrganizationProfile {
  return {
    organization_id: organizationId,
    display_name: organizationName,
    legal_name: profile?.legalName ?? null,
    registered_address: profile?.registeredAddress ?? null,
    billing_address: profile?.billingAddress ?? null,
    tax_ids: profile?.taxIds ?? [],
    industry: oneOf<IndustryId>(INDUSTRY_IDS, profile?.industry ?? null),
    company_size: oneOf<CompanySizeId>(COMPANY_SIZE_IDS, profile?.companySize ?? null),
    time_zone: timeZone,
    base_currency: presentBaseCurrency(baseCurrencyCode),
    logo: presentLogo(profile),
    updated_at: profile?.updatedAt.toISOString() ?? null,
    can_edit: canEdit,
  };
}

export async function getOrganizationProfile(db: Database, organizationId: string, caller: Caller): Promise<OrganizationProfile> {
  const [organization, baseCurrency] = await Promise.all([
    selectOrganizationWithProfile(db, organizationId),
    selectFinancialSetupBaseCurrency(db, organizationId),
  ]);
  if (!organization) throw new AppError("not_found", "Organization not found");
  return presentOrganizationProfile(organizationId, organization, baseCurrency, canEditOrganizationProfile(caller));
}

/** An address with its keys in one order (jsonb keeps its own), to compare what is stored with what is sent. */
function canonicalAddress(address: PostalAddress | null): PostalAddress | null {
  if (!address) return null;
  const { street_line_1, street_line_2, city, region, postal_code, country } = address;
  return { street_line_1, street_line_2: street_line_2 ?? null, city, region: region ?? null, postal_code: postal_code ?? null, country };
}

function detailsOf(update: OrganizationProfileUpdate): ProfileDetails {
  return {
    legalName: update.legal_name,
    registeredAddress: canonicalAddress(update.registered_address),
    billingAddress: canonicalAddress(update.billing_address),
    taxIds: update.tax_ids.map(({ kind, value }): TaxId => ({ kind, value })),
    industry: update.industry,
    companySize: update.company_size,
  };
}

function storedDetailsOf(profile: OrganizationWithProfile["profile"]): ProfileDetails {
  return {
    legalName: profile?.legalName ?? null,
    registeredAddress: canonicalAddress(profile?.registeredAddress ?? null),
    billingAddress: canonicalAddress(profile?.billingAddress ?? null),
    taxIds: (profile?.taxIds ?? []).map(({ kind, value }): TaxId => ({ kind, value })),
    industry: profile?.industry ?? null,
    companySize: profile?.companySize ?? null,
  };
}

/**
 * Saves the profile and the organization's time zone in one transaction, writing only what
 * changed: input equal to what is stored writes nothing and announces nothing.
 */
export async function updateOrganizationProfile(
  db: Database,
  organizationId: string,
  caller: Caller,
  update: OrganizationProfileUpdate,
): Promise<OrganizationProfile> {
  assertCanEditProfile(caller);
  await db.transaction(async (tx) => {
    const current = await lockOrganizationWithProfile(tx, organizationId);
    if (!current) throw new AppError("not_found", "Organization not found");
    const details = detailsOf(update);
    const detailsChanged = JSON.stringify(details) !== JSON.stringify(storedDetailsOf(current.profile));
    const zoneChanged = update.time_zone !== current.timeZone;
    if (!detailsChanged && !zoneChanged) return;
    const now = new Date();
    if (detailsChanged) await upsertProfileDetails(tx, organizationId, details, now);
    if (zoneChanged) await updateOrganizationTimeZone(tx, organizationId, update.time_zone, now);
    await publishEvent(tx, organizationId, { type: "organizationUpdated", organizationId });
  });
  return getOrganizationProfile(db, organizationId, caller);
}
