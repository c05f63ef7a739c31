import { APPROVER_ROLE_LABELS, APPROVER_ROLES, MAX_APPROVALS_REQUIRED, MAX_APPROVAL_RULES } from "#common/domain/ap-automation-setup";
import { RowList } from "./row-list.tsx";
import { SelectField, TextField, optionsOf } from "./workspace-fields.tsx";

const ROLE_OPTIONS = optionsOf(APPROVER_ROLES, APPROVER_ROLE_LABELS);
const APPROVAL_COUNT_OPTIONS = Array.from({ length: MAX_APPROVALS_REQUIRED }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

const newRule = () => ({ min_amount: null, max_amount: null, approver_role: null, approvals_required: 1 });

/**
 * Who approves a vendor bill, by its amount: ranges from 0 up, each rule's "up to" the next one's
 * "from", the highest without an upper limit. The rules' own checks show under their fields.
 */
export function ApprovalRulesEditor() {
  return (
    <RowList
      name="approval_rules"
      noun="Rule"
      emptyText="No approval rules yet. Start with one from 0 with no upper limit, then split it by amount."
      newRow={newRule}
      max={MAX_APPROVAL_RULES}
      renderRow={(index) => {
        const at = (field: string) => `approval_rules.${index}.${field}`;
        return (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <TextField name={at("min_amount")} label="From" example="0" />
            <TextField name={at("max_amount")} label="Up to (not included)" example="1,000.00" />
            <SelectField name={at("approver_role")} label="Approver role" options={ROLE_OPTIONS} />
            <SelectField name={at("approvals_required")} label="Approvals required" options={APPROVAL_COUNT_OPTIONS} numeric />
          </div>
        );
      }}
    />
  );
}
