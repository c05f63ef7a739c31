import { ALLOCATION_METHODS, ALLOCATION_METHOD_LABELS, LANDED_COST_KINDS, LANDED_COST_KIND_LABELS } from "#common/domain/container-management-setup";
import { CheckboxGroup, RadioGroupField, optionsOf } from "./workspace-fields.tsx";

/** How a container's landed costs are spread over what it carries, and which costs are. */
export function LandedCostFields() {
  return (
    <div className="space-y-4">
      <RadioGroupField name="landed_costs.method" legend="Allocation method" options={optionsOf(ALLOCATION_METHODS, ALLOCATION_METHOD_LABELS)} />
      <CheckboxGroup name="landed_costs.cost_kinds" legend="Costs to allocate" options={optionsOf(LANDED_COST_KINDS, LANDED_COST_KIND_LABELS)} />
    </div>
  );
}
