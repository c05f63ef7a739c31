import { useFormContext, useWatch } from "react-hook-form";
import {
  APPROVER_ROLE_LABELS,
  APPROVER_ROLES,
  BILL_FORMATS,
  BILL_FORMAT_LABELS,
  MATCHING_MODES,
  MATCHING_MODE_LABELS,
  MAX_PAYMENT_DAY_OF_MONTH,
  MAX_TOLERANCE_PERCENT,
  PAYMENT_FREQUENCIES,
  PAYMENT_FREQUENCY_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentFrequency,
  WEEKDAYS,
  WEEKDAY_LABELS,
  paymentDayKind,
} from "#common/domain/ap-automation-setup";
import { CheckboxGroup, RadioGroupField, SelectField, TextField, optionsOf } from "./workspace-fields.tsx";

/** AP Automation's settings besides the approval rules: matching, the bill intake and payment runs. */

const TOLERANCE_HINT = `A percentage from 0 to ${MAX_TOLERANCE_PERCENT}`;
const DAY_OPTIONS = Array.from({ length: MAX_PAYMENT_DAY_OF_MONTH }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

export function MatchingFields() {
  return (
    <div className="space-y-4">
      <RadioGroupField name="matching.mode" legend="Match each bill" options={optionsOf(MATCHING_MODES, MATCHING_MODE_LABELS)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="matching.price_tolerance_percent" label="Price tolerance (%)" type="number" hint={TOLERANCE_HINT} example="2.5" />
        <TextField name="matching.quantity_tolerance_percent" label="Quantity tolerance (%)" type="number" hint={TOLERANCE_HINT} example="5" />
      </div>
    </div>
  );
}

export function IntakeFields() {
  return (
    <div className="space-y-4">
      <TextField
        name="intake.email"
        label="Intake address"
        type="email"
        hint="The address your vendors send bills to; the ERP reads every bill that arrives there."
        example="bills@yourcompany.com"
      />
      <CheckboxGroup name="intake.formats" legend="Accepted bill formats" options={optionsOf(BILL_FORMATS, BILL_FORMAT_LABELS)} />
    </div>
  );
}

export function PaymentRunFields() {
  const { control } = useFormContext();
  const frequency = useWatch({ control, name: "payment_runs.frequency" }) as PaymentFrequency | null;
  const dayKind = paymentDayKind(frequency);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="payment_runs.frequency" label="Frequency" options={optionsOf(PAYMENT_FREQUENCIES, PAYMENT_FREQUENCY_LABELS)} />
        {dayKind === "weekday" ? <SelectField name="payment_runs.weekday" label="Weekday" options={optionsOf(WEEKDAYS, WEEKDAY_LABELS)} /> : null}
        {dayKind === "day_of_month" ? <SelectField name="payment_runs.day_of_month" label="Day of the month" options={DAY_OPTIONS} numeric /> : null}
        <SelectField name="payment_runs.release_role" label="Who releases a run" options={optionsOf(APPROVER_ROLES, APPROVER_ROLE_LABELS)} />
        <TextField name="payment_runs.cutoff_time" label="Cut-off time" type="time" hint="Bills approved by then go in the run (your organization's time zone)." />
      </div>
      <CheckboxGroup name="payment_runs.methods" legend="Payment methods" options={optionsOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)} />
    </div>
  );
}
