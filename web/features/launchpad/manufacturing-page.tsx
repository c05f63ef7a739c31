import { PRODUCTION_TYPES } from "#common/contracts/launchpad-pages";
import type { LaunchpadField } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const FIELDS: readonly LaunchpadField[] = [
  { kind: "checkboxes", name: "production_types", label: "Production types", options: PRODUCTION_TYPES },
  {
    kind: "number",
    name: "bom_levels",
    label: "BOM levels",
    hint: "How many levels your deepest bill of materials has (1 to 20).",
    min: 1,
    max: 20,
  },
  { kind: "yes-no", name: "uses_routings", label: "Do you use routings?" },
  { kind: "yes-no", name: "uses_mrp", label: "Do you use material requirements planning (MRP)?" },
];

/** /manufacturing: how the organization produces. */
export default function ManufacturingPage() {
  return (
    <LaunchpadPageForm
      pageId="manufacturing"
      intro="How you make your products, so that production, bills of materials and planning are set up to match."
      fields={FIELDS}
    />
  );
}
