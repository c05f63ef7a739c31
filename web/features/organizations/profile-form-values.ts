import type { OrganizationProfile, PostalAddress, UpdateOrganizationProfileBody } from "#common/contracts/organization-profile";
import { COUNTRIES, countryName } from "#common/domain/countries";
import { COMPANY_SIZE_LABELS, INDUSTRY_LABELS, TAX_ID_KIND_LABELS } from "#common/domain/organization-profile";

/** The profile form's values: the contract's body, every text as typed (empty, not null). */
export type ProfileFormValues = UpdateOrganizationProfileBody;
export type AddressFieldName = "registered_address" | "billing_address";
type AddressValues = NonNullable<ProfileFormValues["registered_address"]>;

export const EMPTY_ADDRESS: AddressValues = { street_line_1: "", street_line_2: "", city: "", region: "", postal_code: "", country: "" };

function addressValues(address: PostalAddress | null): AddressValues {
  if (!address) return EMPTY_ADDRESS;
  return {
    street_line_1: address.street_line_1,
    street_line_2: address.street_line_2 ?? "",
    city: address.city,
    region: address.region ?? "",
    postal_code: address.postal_code ?? "",
    country: address.country,
  };
}

/**
 * The form as the saved profile fills it. The registered address is always there to fill (left
 * empty, it is none); the billing address only once chosen (null: invoices go to the registered one).
 */
export function profileFormValues(profile: OrganizationProfile): ProfileFormValues {
  return {
    legal_name: profile.legal_name ?? "",
    registered_address: addressValues(profile.registered_address),
    billing_address: profile.billing_address ? addressValues(profile.billing_address) : null,
    tax_ids: profile.tax_ids.map(({ kind, value }) => ({ kind, value })),
    industry: profile.industry,
    company_size: profile.company_size,
    time_zone: profile.time_zone,
  };
}

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export const INDUSTRY_OPTIONS = optionsOf(INDUSTRY_LABELS);
export const COMPANY_SIZE_OPTIONS = optionsOf(COMPANY_SIZE_LABELS);
export const TAX_ID_KIND_OPTIONS = optionsOf(TAX_ID_KIND_LABELS);
/** "Germany (DE)": found by its name or its code. */
export const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }));

/** An address as lines: street, "City, Region Postal code", country. */
export function addressLines(address: PostalAddress): string[] {
  const cityLine = [[address.city, address.region].filter(Boolean).join(", "), address.postal_code].filter(Boolean).join(" ");
  return [address.street_line_1, address.street_line_2, cityLine, countryName(address.country)].filter((line): line is string => Boolean(line));
}
