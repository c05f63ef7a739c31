import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { formatCount } from "#web/features/data-migration/migration-format.ts";

/** A select's "no filter" value (Radix Select items cannot have an empty value). */
export const ANY = "any";

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filter's value for the query: undefined for "any". */
export function selected<T extends string>(value: string): T | undefined {
  return value === ANY ? undefined : (value as T);
}

export function SearchFilter({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-56 flex-1 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" maxLength={200} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function SelectFilter({
  id,
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-52 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** "3 datasets." or, when the server cut the list, "Showing 200 of 1,532 datasets, …". */
export function ListCount({ shown, total, noun, updating }: { shown: number; total: number; noun: [string, string]; updating: boolean }) {
  const [one, many] = noun;
  const text =
    shown < total
      ? `Showing ${formatCount(shown)} of ${formatCount(total)} ${many}, most recent activity first. Narrow the filters to find the rest.`
      : `${formatCount(total)} ${total === 1 ? one : many}.`;
  return (
    <p aria-live="polite" className="text-sm text-[var(--color-muted-foreground)]">
      {text}
      {updating ? " Updating…" : ""}
    </p>
  );
}
