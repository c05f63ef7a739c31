import { INVENTORY_METHODS, SHIPPING_CARRIERS } from "#common/contracts/launchpad-pages";
import type { LaunchpadField } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const FIELDS: readonly LaunchpadField[] = [
  { kind: "number", name: "warehouse_count", label: "Number of warehouses", min: 0, max: 1000 },
  { kind: "checkboxes", name: "inventory_methods", label: "Inventory methods", hint: "How you value inventory.", options: INVENTORY_METHODS },
  { kind: "checkboxes", name: "shipping_carriers", label: "Shipping carriers", hint: "Optional.", options: SHIPPING_CARRIERS },
  { kind: "yes-no", name: "tracks_lots_or_serials", label: "Do you track lot or serial numbers?" },
  { kind: "yes-no", name: "uses_drop_shipping", label: "Do you use drop shipping?" },
];

/** /distribution: warehouses, inventory and shipping. */
export default function DistributionPage() {
  return (
    <LaunchpadPageForm
      pageId="distribution"
      intro="How you store, value and ship your goods, so that inventory and fulfilment are set up to match."
      fields={FIELDS}
    />
  );
}
