import { Check, ChevronsUpDown } from "lucide-react";
import { type ComponentProps, type KeyboardEvent, useState } from "react";
import { cn } from "#web/lib/cn.ts";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "./command.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "./popover.tsx";

export interface ComboboxOption {
  value: string;
  /** What the list shows and the search matches ("EUR — Euro"). */
  label: string;
}

/**
 * How well an option's label matches what was typed: the label's start first ("eur" finds
 * "EUR — Euro" before "… Europe"), then a word's start ("euro", "dollar"), then anywhere.
 */
export function matchComboboxLabel(_value: string, search: string, keywords?: string[]): number {
  const needle = search.trim().toLocaleLowerCase();
  const label = (keywords?.[0] ?? "").toLocaleLowerCase();
  if (needle === "" || label.startsWith(needle)) return 1;
  if (label.split(/[\s—(),-]+/).some((word) => word.startsWith(needle))) return 0.8;
  return label.includes(needle) ? 0.5 : 0;
}

export type ComboboxProps = Omit<ComponentProps<"button">, "value" | "onChange"> & {
  /** The chosen option's value; "" for none. */
  value: string;
  onValueChange: (value: string) => void;
  options: readonly ComboboxOption[];
  /** Names the search box ("Search currencies"). */
  searchLabel: string;
  /** Shown when nothing matches ("No currency matches."). */
  emptyText: string;
  /** Shown in the button while nothing is chosen. */
  placeholder?: string;
};

/**
 * A choice from a long list, found by typing: a button (role combobox, named by the `<Label
 * htmlFor>` of its `id`, like SelectTrigger) opens a search box over the list. Arrows move, Enter
 * chooses, Escape closes; focus comes back to the button. `fieldErrorProps()` and a form's `ref`
 * and `onBlur` go on the button. The list is as wide as the button, and never wider than the screen.
 */
export function Combobox({ value, onValueChange, options, searchLabel, emptyText, placeholder = "Choose…", className, onKeyDown, ...buttonProps }: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const chosen = options.find((option) => option.value === value);

  const openWithArrows = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event);
    if (!event.defaultPrevented && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          className={cn(
            "flex h-9 w-full items-center justify-between gap-2 rounded-md border border-[var(--color-border)] bg-transparent px-3 py-1 text-left text-sm shadow-sm",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
            "disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-[var(--color-destructive)]",
            className,
          )}
          onKeyDown={openWithArrows}
          {...buttonProps}
        >
          <span className={cn("truncate", chosen ? undefined : "text-[var(--color-muted-foreground)]")}>{chosen?.label ?? placeholder}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        aria-label={searchLabel}
        className="w-[var(--radix-popover-trigger-width)] max-w-[calc(100vw-1rem)] min-w-[min(18rem,calc(100vw-1rem))] p-0"
        collisionPadding={8}
      >
        <Command label={searchLabel} filter={matchComboboxLabel} defaultValue={chosen?.value} loop>
          <CommandInput />
          <CommandList className="max-h-[min(18rem,calc(var(--radix-popover-content-available-height)-3rem))]">
            <CommandEmpty>{emptyText}</CommandEmpty>
            {options.map((option) => (
              <CommandItem
                key={option.value}
                value={option.value}
                keywords={[option.label]}
                aria-current={option.value === value ? "true" : undefined}
                onSelect={() => {
                  onValueChange(option.value);
                  setOpen(false);
                }}
              >
                <Check aria-hidden="true" className={cn(option.value === value ? "opacity-100" : "opacity-0")} />
                <span className="min-w-0 break-words">{option.label}</span>
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
