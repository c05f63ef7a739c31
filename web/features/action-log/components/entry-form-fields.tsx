import { type UseFormReturn, useWatch } from "react-hook-form";
import { ACTION_LOG_TEXT_MAX, type ActionLogEntry, type AssigneeList } from "#common/contracts/action-log";
import {
  ACTION_LOG_CATEGORIES,
  ACTION_LOG_FIELD_LABELS,
  ACTION_LOG_PLATFORMS,
  ACTION_LOG_PRIORITIES,
  type ActionLogField,
  type ActionLogStatus,
  type ActionLogType,
  IMPACT_LEVELS,
  LIKELIHOODS,
  riskBand,
  riskScore,
  resolutionNoteLabel,
} from "#common/domain/action-log";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { SelectGroup, SelectItem, SelectLabel, SelectSeparator } from "#web/components/ui/select.tsx";
import { cn } from "#web/lib/cn.ts";
import { RISK_BAND_STYLES } from "./entry-cells.tsx";
import { SelectField, fieldId } from "./entry-form-controls.tsx";
import type { EntryFormValues } from "./entry-form-values.ts";

export interface EntryFormFieldsProps {
  formId: string;
  form: UseFormReturn<EntryFormValues>;
  shown: ReadonlySet<ActionLogField>;
  /** The type select's choices; one type shows no select. */
  types: readonly ActionLogType[];
  /** The status select's choices (edit only); null shows no status. */
  statuses: readonly ActionLogStatus[] | null;
  assignees: AssigneeList | undefined;
  entry: ActionLogEntry | undefined;
}

/** Every field past the title, as the type's definition asks for them. */
export function EntryFormFields({ formId, form, shown, types, statuses, assignees, entry }: EntryFormFieldsProps) {
  const { control, register } = form;
  const errors = form.formState.errors;
  const [type, likelihood, impact] = useWatch({ control, name: ["action_log_type", "likelihood", "impact_level"] });
  const common = { formId, control, errors };
  const text = (name: "description" | "resolution_notes", label: string, rows: number) => {
    const id = fieldId(formId, name);
    const error = errors[name]?.message;
    return (
      <div className="sm:col-span-2">
        <FormField id={id} label={label} error={error}>
          <Textarea rows={rows} {...fieldErrorProps(id, error, characterCountId(id))} {...register(name)} />
          <FieldCharacterCount control={control} name={name} fieldId={id} max={ACTION_LOG_TEXT_MAX} />
        </FormField>
      </div>
    );
  };
  const dueId = fieldId(formId, "due_date");
  const dueError = errors.due_date?.message;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {types.length > 1 ? <SelectField {...common} name="action_log_type" label="Type" options={types} /> : null}
      {statuses ? <SelectField {...common} name="status" label="Status" options={statuses} /> : null}
      {shown.has("description") ? text("description", ACTION_LOG_FIELD_LABELS.description, 4) : null}
      {shown.has("assigned_to") ? (
        <SelectField {...common} name="assigned_to" label={ACTION_LOG_FIELD_LABELS.assigned_to} emptyLabel="Unassigned">
          <AssigneeOptions assignees={assignees} current={entry?.assigned_to ?? null} />
        </SelectField>
      ) : null}
      {shown.has("due_date") ? (
        <FormField id={dueId} label={ACTION_LOG_FIELD_LABELS.due_date} error={dueError}>
          <Input type="date" {...fieldErrorProps(dueId, dueError)} {...register("due_date")} />
        </FormField>
      ) : null}
      {shown.has("priority") ? <SelectField {...common} name="priority" label={ACTION_LOG_FIELD_LABELS.priority} options={ACTION_LOG_PRIORITIES} /> : null}
      {shown.has("impact_level") ? <SelectField {...common} name="impact_level" label={ACTION_LOG_FIELD_LABELS.impact_level} options={IMPACT_LEVELS} /> : null}
      {shown.has("likelihood") ? (
        <SelectField {...common} name="likelihood" label={ACTION_LOG_FIELD_LABELS.likelihood} options={LIKELIHOODS} emptyLabel="Not assessed yet" />
      ) : null}
      {shown.has("likelihood") ? <LiveScore likelihood={likelihood} impact={impact} /> : null}
      {shown.has("action_log_category") ? <SelectField {...common} name="action_log_category" label={ACTION_LOG_FIELD_LABELS.action_log_category} options={ACTION_LOG_CATEGORIES} /> : null}
      {shown.has("action_log_phase") ? (
        <SelectField
          {...common}
          name="action_log_phase"
          label={ACTION_LOG_FIELD_LABELS.action_log_phase}
          emptyLabel="No phase"
          hint={assignees && assignees.phases.length === 0 ? "The phases are the Launch Plan's milestones; there are none yet." : undefined}
        >
          {[...(assignees?.phases ?? []), ...missing(entry?.action_log_phase ?? null, assignees?.phases ?? [])].map((phase) => (
            <SelectItem key={phase.id} value={phase.id}>
              {phase.title}
            </SelectItem>
          ))}
        </SelectField>
      ) : null}
      {shown.has("platform") ? <SelectField {...common} name="platform" label={ACTION_LOG_FIELD_LABELS.platform} options={ACTION_LOG_PLATFORMS} /> : null}
      {shown.has("resolution_notes") ? text("resolution_notes", resolutionNoteLabel(type), 3) : null}
    </div>
  );
}

/** The current value when the lists no longer hold it (a member who left, a removed milestone). */
function missing<T extends { id: string }>(current: T | null, listed: readonly { id: string }[]): T[] {
  return current && !listed.some((item) => item.id === current.id) ? [current] : [];
}

function AssigneeOptions({ assignees, current }: { assignees: AssigneeList | undefined; current: ActionLogEntry["assigned_to"] }) {
  const members = [...(assignees?.members ?? []), ...missing(current && !current.is_employee ? current : null, [...(assignees?.members ?? []), ...(assignees?.employees ?? [])])];
  const employees = [...(assignees?.employees ?? []), ...missing(current?.is_employee ? current : null, assignees?.employees ?? [])];
  return (
    <>
      {members.map((person) => (
        <SelectItem key={person.id} value={person.id}>
          {person.name}
        </SelectItem>
      ))}
      {employees.length > 0 ? (
        <SelectGroup>
          <SelectSeparator />
          <SelectLabel>Provider team</SelectLabel>
          {employees.map((person) => (
            <SelectItem key={person.id} value={person.id}>
              {person.name}
            </SelectItem>
          ))}
        </SelectGroup>
      ) : null}
    </>
  );
}

/** Likelihood × impact as the user chooses them, with the band in words. */
function LiveScore({ likelihood, impact }: { likelihood: EntryFormValues["likelihood"]; impact: EntryFormValues["impact_level"] }) {
  const score = riskScore(likelihood || null, impact);
  return (
    <div className="space-y-2">
      <p className="text-sm leading-none font-medium">Risk score</p>
      <output aria-live="polite" className={cn("flex h-9 items-center rounded-md px-3 text-sm font-medium", score === null ? "bg-[var(--color-muted)]" : RISK_BAND_STYLES[riskBand(score)])}>
        {score === null ? "Choose a likelihood to score this risk" : `${score} of 16 · ${riskBand(score)}`}
      </output>
    </div>
  );
}
