import { TENANT_REGIONS } from "#common/contracts/launchpad-pages";
import type { LaunchpadField } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const FIELDS: readonly LaunchpadField[] = [
  {
    kind: "text",
    name: "tenant_name",
    label: "Tenant name",
    hint: "3 to 63 lower-case letters, digits and hyphens, starting with a letter and not ending with a hyphen.",
    maxCharacters: 63,
    example: "acme-production",
  },
  { kind: "select", name: "region", label: "Region", hint: "Where the tenant is hosted.", options: TENANT_REGIONS },
  { kind: "yes-no", name: "sandbox", label: "Is this a sandbox tenant?" },
  { kind: "text", name: "administrator_name", label: "Administrator name", maxCharacters: 200 },
  { kind: "text", name: "administrator_email", label: "Administrator email", type: "email", maxCharacters: 254 },
];

/**
 * /acumatica-tenant: ERP Tenant, the details for creating the organization's ERP tenant. The route
 * guard and the server both require the NDA signed; a refusal from the server is shown on the form.
 */
export default function ErpTenantPage() {
  return (
    <LaunchpadPageForm
      pageId="acumatica-tenant"
      intro="The details we need to create your ERP tenant and its first administrator."
      fields={FIELDS}
    />
  );
}
