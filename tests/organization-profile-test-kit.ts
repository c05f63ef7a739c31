import { eq } from "drizzle-orm";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import type { OrganizationProfile, UpdateOrganizationProfileBody } from "#common/contracts/organization-profile";
import { organizationProfiles } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { TINY_PNG } from "./content-test-kit.ts";
import { type TestUser, call } from "./factories.ts";
import { TEST_ORIGIN } from "./test-runtime.ts";

/** The organization profile (/organization) and its logo, for its tests and the tenant matrix's rows. */

export const PROFILE_PATH = "/api/organization/profile";
export const LOGO_PATH = `${PROFILE_PATH}/logo`;

export { TINY_PNG };

/** A 1×1 lossless WebP. */
export const TINY_WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** A whole profile as the form sends it. */
export function profileBody(overrides: Partial<UpdateOrganizationProfileBody> = {}): UpdateOrganizationProfileBody {
  return {
    legal_name: "Acme Holdings GmbH",
    registered_address: {
      street_line_1: "Hauptstraße 1",
      street_line_2: "",
      city: "Berlin",
      region: "",
      postal_code: "10115",
      country: "DE",
    },
    billing_address: null,
    tax_ids: [{ kind: "vat", value: "DE123456789" }],
    industry: "manufacturing",
    company_size: "51-200",
    time_zone: "Europe/Berlin",
    ...overrides,
  };
}

export function putProfile(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<Response> {
  return call(runtime, PROFILE_PATH, { method: "PUT", as, org, body });
}

export async function readProfile(runtime: Runtime, as: TestUser, org?: string): Promise<OrganizationProfile> {
  const response = await call(runtime, PROFILE_PATH, { as, org });
  if (response.status !== 200) throw new Error(`profile not read: ${response.status} ${await response.text()}`);
  return (await response.json()) as OrganizationProfile;
}

/** Sends the bytes as the logo, as the browser would; the raw answer. */
export function uploadLogo(runtime: Runtime, as: TestUser, bytes: Uint8Array, options: { org?: string; contentType?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    cookie: as.cookie,
    "x-forwarded-for": as.ip,
    "content-type": options.contentType ?? "application/octet-stream",
  };
  if (options.org) headers[ORGANIZATION_HEADER] = options.org;
  return Promise.resolve(runtime.app.request(LOGO_PATH, { method: "PUT", headers, body: new Uint8Array(bytes) }));
}

/** The logo's storage key as recorded; null when there is none. */
export async function storedLogoKey(runtime: Runtime, organizationId: string): Promise<string | null> {
  const [row] = await runtime.database.db
    .select({ key: organizationProfiles.logoKey })
    .from(organizationProfiles)
    .where(eq(organizationProfiles.organizationId, organizationId));
  return row?.key ?? null;
}
