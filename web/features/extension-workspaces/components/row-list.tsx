import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "#web/components/ui/button.tsx";
import { ListError } from "./workspace-fields.tsx";

/**
 * A list the user edits row by row (approval rules, container types, ports, lanes): each row a
 * group named "Rule 1", "Rule 2"… with its fields and a remove button, then an add button. On a
 * submitted set-up the rows only show.
 */
export function RowList<Row extends object>({
  name,
  noun,
  emptyText,
  newRow,
  max,
  renderRow,
  moreActions,
}: {
  name: string;
  /** The row in words, capitalised: "Rule". */
  noun: string;
  emptyText: string;
  newRow: () => Row;
  max: number;
  renderRow: (index: number) => ReactNode;
  /** Beside the add button (presets). */
  moreActions?: (add: (row: Row) => void) => ReactNode;
}) {
  const { control, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const editable = !formState.disabled;
  const full = fields.length >= max;
  const add = (row: Row) => append(row as never);
  return (
    <div className="space-y-4">
      {fields.length === 0 ? <p className="text-sm text-[var(--color-muted-foreground)]">{emptyText}</p> : null}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="relative min-w-0 rounded-lg border border-[var(--color-border)] px-4 pt-2 pb-4">
              <legend className="px-1 text-sm font-semibold">{`${noun} ${index + 1}`}</legend>
              {editable ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="absolute top-1 right-2"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              ) : null}
              <div className="pt-8">{renderRow(index)}</div>
            </fieldset>
          </li>
        ))}
      </ol>
      <ListError name={name} />
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => add(newRow())}>
            <Plus aria-hidden="true" />
            Add {noun.toLowerCase()}
          </Button>
          {moreActions && !full ? moreActions(add) : null}
        </div>
      ) : null}
    </div>
  );
}
