import { z } from "zod";
import { isCountryCode } from "../domain/countries.ts";
import {
  COMPANY_SIZE_IDS,
  INDUSTRY_IDS,
  LOGO_CONTENT_TYPES,
  TAX_IDS_MAX,
  TAX_ID_KINDS,
  taxIdKey,
} from "../domain/organization-profile.ts";
import { answeredInSchema } from "./answered-in.ts";
import { defineRoute } from "./http.ts";
import { timeZoneSchema } from "./organizations.ts";
import { hasControlCharacter, hasInvisibleFormatCharacter } from "./text-fields.ts";

/** The organization's profile as the ERP needs it (/organization, gated by the `organization` item). */

export const LEGAL_NAME_MAX = 200;
export const STREET_MAX = 200;
export const CITY_MAX = 100;
export const REGION_MAX = 100;
export const POSTAL_CODE_MAX = 20;
export const TAX_ID_MIN = 3;
export const TAX_ID_MAX = 40;

/** An optional one-line text: trimmed, empty reads as not given (null), else checked as singleLineText. */
function optionalLineText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((text) => !hasControlCharacter(text), { error: `${label} cannot contain control characters` })
    .refine((text) => !hasInvisibleFormatCharacter(text), {
      error: `${label} cannot contain invisible formatting characters (text-direction overrides or zero-width characters)`,
    })
    .nullable()
    .transform((text) => text || null);
}

const COUNTRY_MESSAGE = "Choose a country from the list";

/** An address as stored and answered. */
export const postalAddressSchema = z.object({
  street_line_1: z.string(),
  street_line_2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** ISO 3166-1 alpha-2 (common/domain/countries.ts). */
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

const ADDRESS_REQUIRED = { street_line_1: "Street is required", city: "City is required", country: "Country is required" } as const;

const isFilled = (value: unknown) => typeof value === "string" && value.trim() !== "";

/**
 * An address as sent: every field may be empty, and an address left wholly empty is no address
 * (null). Once any field is filled, street, city and country are required.
 */
const postalAddressInputSchema = z
  .object({
    street_line_1: optionalLineText("Street", STREET_MAX),
    street_line_2: optionalLineText("Street line 2", STREET_MAX),
    city: optionalLineText("City", CITY_MAX),
    region: optionalLineText("Region or state", REGION_MAX),
    postal_code: optionalLineText("Postal code", POSTAL_CODE_MAX),
    country: z
      .string({ error: COUNTRY_MESSAGE })
      .trim()
      .toUpperCase()
      .refine((code) => code === "" || isCountryCode(code), { error: COUNTRY_MESSAGE })
      .nullable()
      .transform((code) => code || null),
  })
  .superRefine((address, context) => {
    if (!Object.values(address).some(isFilled)) return;
    for (const [field, message] of Object.entries(ADDRESS_REQUIRED)) {
      if (!isFilled(address[field as keyof typeof address])) context.addIssue({ code: "custom", path: [field], message });
    }
  })
  .transform((address): PostalAddress | null => (Object.values(address).some(isFilled) ? (address as PostalAddress) : null));

export const taxIdSchema = z.object({ kind: z.enum(TAX_ID_KINDS), value: z.string() });
export type TaxId = z.infer<typeof taxIdSchema>;

const TAX_ID_REQUIRED = "Tax identifier is required";

const taxIdInputSchema = z.object({
  kind: z.enum(TAX_ID_KINDS, { error: "Choose the kind of tax identifier" }),
  // Letters of any script and digits, with the separators tax offices print: no control or invisible characters.
  value: z
    .string({ error: TAX_ID_REQUIRED })
    .trim()
    .min(1, { error: TAX_ID_REQUIRED, abort: true })
    .min(TAX_ID_MIN, { error: `Tax identifier must be at least ${TAX_ID_MIN} characters`, abort: true })
    .max(TAX_ID_MAX, { error: `Tax identifier must be at most ${TAX_ID_MAX} characters`, abort: true })
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u, { error: "Tax identifier can hold only letters, digits, spaces and . - /" }),
});

const taxIdsInputSchema = z
  .array(taxIdInputSchema, { error: "Tax identifiers must be a list" })
  .max(TAX_IDS_MAX, { error: `List at most ${TAX_IDS_MAX} tax identifiers` })
  .superRefine((taxIds, context) => {
    const seen = new Set<string>();
    taxIds.forEach((taxId, index) => {
      if (typeof taxId?.value !== "string") return;
      const key = taxIdKey(taxId);
      if (seen.has(key)) context.addIssue({ code: "custom", path: [index, "value"], message: "This tax identifier is already listed" });
      seen.add(key);
    });
  });

export const updateOrganizationProfileBodySchema = z.object({
  /** The name on contracts and invoices; may differ from the display name (organization_name). */
  legal_name: optionalLineText("Legal name", LEGAL_NAME_MAX),
  registered_address: postalAddressInputSchema.nullable(),
  /** Null: invoices go to the registered address. */
  billing_address: postalAddressInputSchema.nullable(),
  tax_ids: taxIdsInputSchema,
  industry: z.enum(INDUSTRY_IDS, { error: "Choose an industry from the list" }).nullable(),
  company_size: z.enum(COMPANY_SIZE_IDS, { error: "Choose a company size from the list" }).nullable(),
  /** The organization's time zone (organizations.time_zone), the same one My Company sets. */
  time_zone: timeZoneSchema,
});
export type UpdateOrganizationProfileBody = z.input<typeof updateOrganizationProfileBodySchema>;
export type OrganizationProfileUpdate = z.output<typeof updateOrganizationProfileBodySchema>;

/** The base currency Financial Setup records: shown here read-only, changed there (decision 046). */
export const baseCurrencySchema = z.object({
  /** ISO 4217; null until Financial Setup records one. */
  code: z.string().nullable(),
  name: z.string().nullable(),
  answered_in: answeredInSchema,
});

export const organizationLogoSchema = z.object({
  /** Changes with every upload: the logo's address carries it, so a replaced logo is never shown from cache. */
  version: z.string(),
  content_type: z.enum(LOGO_CONTENT_TYPES),
  size: z.number().int(),
});
export type OrganizationLogo = z.infer<typeof organizationLogoSchema>;

export const organizationProfileSchema = z.object({
  organization_id: z.uuid(),
  display_name: z.string(),
  legal_name: z.string().nullable(),
  registered_address: postalAddressSchema.nullable(),
  billing_address: postalAddressSchema.nullable(),
  tax_ids: z.array(taxIdSchema),
  industry: z.enum(INDUSTRY_IDS).nullable(),
  company_size: z.enum(COMPANY_SIZE_IDS).nullable(),
  time_zone: z.string(),
  base_currency: baseCurrencySchema,
  logo: organizationLogoSchema.nullable(),
  /** When the profile was last changed; null while nobody has saved it. */
  updated_at: z.string().nullable(),
  /** Whether the caller may change it: the organization's admins and provider employees. */
  can_edit: z.boolean(),
});
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;

export const organizationLogoQuerySchema = z.object({
  /** The logo's version, so each version has its own address; any other value still answers the current logo. */
  v: z.string().max(100).optional(),
  /** The organization an employee acts for: an image cannot send headers. */
  org: z.uuid({ error: "org must be an organization id" }).optional(),
});

const tag = "Organizations";
const item = "organization";
const base = "/api/organization/profile";

export const getOrganizationProfileRoute = defineRoute({
  id: "getOrganizationProfile", method: "get", path: base, tag, access: "organization", item,
  summary: "The acting organization's profile: legal name, addresses, tax identifiers, industry, size, time zone, base currency and logo",
  response: organizationProfileSchema,
});
export const updateOrganizationProfileRoute = defineRoute({
  id: "updateOrganizationProfile", method: "put", path: base, tag, access: "organization", item,
  summary: "Save the profile (organization admins and employees; 403 for others); unchanged input writes nothing",
  body: updateOrganizationProfileBodySchema, response: organizationProfileSchema,
});
export const uploadOrganizationLogoRoute = defineRoute({
  id: "uploadOrganizationLogo", method: "put", path: `${base}/logo`, tag, access: "organization", item,
  summary: "Replace the logo: PNG, JPEG or WebP by its bytes (415 otherwise, SVG included), at most 1 MiB (413)",
  response: organizationProfileSchema,
  rawBody: { mediaTypes: ["application/octet-stream", ...LOGO_CONTENT_TYPES], description: "The image's bytes" },
});
export const deleteOrganizationLogoRoute = defineRoute({
  id: "deleteOrganizationLogo", method: "delete", path: `${base}/logo`, tag, access: "organization", item,
  summary: "Remove the logo",
  response: organizationProfileSchema,
});
export const getOrganizationLogoRoute = defineRoute({
  id: "getOrganizationLogo", method: "get", path: `${base}/logo`, tag, access: "organization", item,
  summary: "The logo's image, with its ETag (304 when unchanged); 404 when there is none",
  query: organizationLogoQuerySchema, response: z.string(), produces: "image/*",
});
