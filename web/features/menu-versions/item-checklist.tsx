import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { CHECKLIST_GROUPS, orderItems } from "./menu-items.ts";

/**
 * The navigation items as checkboxes, grouped by section with the catalogue's labels. Controlled:
 * `value` holds the checked item ids, and `onChange` gets them in the catalogue's order.
 */
export function ItemChecklist({
  value,
  onChange,
  disabled = false,
}: {
  value: readonly string[];
  onChange: (items: string[]) => void;
  disabled?: boolean;
}) {
  const checked = new Set(value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(id);
    else next.delete(id);
    onChange(orderItems(next));
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {CHECKLIST_GROUPS.map((group) => (
        <fieldset key={group.id} className="space-y-1 rounded-md border border-[var(--color-border)] p-3">
          <legend className="px-1 text-sm font-medium">{group.label}</legend>
          {group.items.map((item) => (
            // The label wraps the box, so the whole line is the target (WCAG 2.5.8).
            <label key={item.id} className="flex min-h-7 cursor-pointer items-center gap-2 text-sm">
              <Checkbox
                value={item.id}
                checked={checked.has(item.id)}
                disabled={disabled}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              {item.label}
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
