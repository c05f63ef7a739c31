import { ECOMMERCE_PLATFORMS, MONTHLY_ORDER_BANDS } from "#common/contracts/launchpad-pages";
import type { LaunchpadField } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const FIELDS: readonly LaunchpadField[] = [
  { kind: "checkboxes", name: "platforms", label: "Ecommerce platforms", options: ECOMMERCE_PLATFORMS },
  { kind: "select", name: "monthly_orders", label: "Online orders per month", options: MONTHLY_ORDER_BANDS },
  { kind: "yes-no", name: "syncs_inventory", label: "Should inventory sync with your online stores?" },
];

/** /ecommerce: where and how much the organization sells online. */
export default function EcommercePage() {
  return (
    <LaunchpadPageForm
      pageId="ecommerce"
      intro="Where you sell online and how many orders come in, so that the store connections are planned."
      fields={FIELDS}
    />
  );
}
