/**
 * The organization's profile as the ERP needs it (/organization): its closed lists and who may
 * change it. The contract (common/contracts/organization-profile.ts) validates against these.
 */

/** Industries an ERP customer is set up for; "other" for the rest. Ids are stored, labels shown. */
export const INDUSTRY_LABELS = {
  manufacturing: "Manufacturing",
  "wholesale-distribution": "Wholesale & Distribution",
  "retail-ecommerce": "Retail & eCommerce",
  "construction-engineering": "Construction & Engineering",
  "professional-services": "Professional Services",
  "software-technology": "Software & Technology",
  "healthcare-life-sciences": "Healthcare & Life Sciences",
  "food-beverage": "Food & Beverage",
  agriculture: "Agriculture",
  "transportation-logistics": "Transportation & Logistics",
  "energy-utilities": "Energy & Utilities",
  "financial-services": "Financial Services",
  "real-estate": "Real Estate",
  "hospitality-leisure": "Hospitality & Leisure",
  "media-entertainment": "Media & Entertainment",
  education: "Education",
  "public-sector": "Government & Public Sector",
  nonprofit: "Nonprofit",
  other: "Other",
} as const;
export type IndustryId = keyof typeof INDUSTRY_LABELS;
export const INDUSTRY_IDS = Object.keys(INDUSTRY_LABELS) as [IndustryId, ...IndustryId[]];

/** Employee-count bands, smallest first; the bands never overlap. */
export const COMPANY_SIZE_LABELS = {
  "1-10": "1–10 employees",
  "11-50": "11–50 employees",
  "51-200": "51–200 employees",
  "201-500": "201–500 employees",
  "501-1000": "501–1,000 employees",
  "1001-5000": "1,001–5,000 employees",
  "5001+": "More than 5,000 employees",
} as const;
export type CompanySizeId = keyof typeof COMPANY_SIZE_LABELS;
export const COMPANY_SIZE_IDS = Object.keys(COMPANY_SIZE_LABELS) as [CompanySizeId, ...CompanySizeId[]];

/** The kinds of tax identifier an organization lists; "other" for any the list does not name. */
export const TAX_ID_KIND_LABELS = {
  vat: "VAT number",
  ein: "EIN (US)",
  gst: "GST number",
  abn: "ABN (Australia)",
  other: "Other",
} as const;
export type TaxIdKind = keyof typeof TAX_ID_KIND_LABELS;
export const TAX_ID_KINDS = Object.keys(TAX_ID_KIND_LABELS) as [TaxIdKind, ...TaxIdKind[]];

/** At most this many tax identifiers: one per kind and country is plenty for one legal entity. */
export const TAX_IDS_MAX = 10;

/** Logos the portal stores: raster images only. SVG is refused: it can carry script. */
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
export const LOGO_MAX_BYTES = 1024 * 1024;

/** Who may change the profile and its logo: the organization's admins and provider employees. */
export function canEditOrganizationProfile(user: { isEmployee: boolean; role: string }): boolean {
  return user.isEmployee || user.role === "member_admin";
}

/** Why a member cannot change the profile: the server's 403 and the page's read-only note. */
export const PROFILE_READ_ONLY_REASON = "Only your organization's admins and your provider's team can change the organization profile.";

/** Two tax identifiers are the same when their kinds match and their values do, ignoring case, spaces, dots and dashes. */
export function taxIdKey(taxId: { kind: string; value: string }): string {
  return `${taxId.kind}:${taxId.value.toUpperCase().replace(/[\s.\-/]/g, "")}`;
}
