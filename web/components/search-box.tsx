import { Search, X } from "lucide-react";
import { useState } from "react";
import { Button } from "./ui/button.tsx";
import { Input } from "./ui/input.tsx";

export interface SearchBoxProps {
  /** The box's accessible name ("Search files by title"). */
  label: string;
  /** The example shown while empty. */
  example: string;
  maxLength: number;
  /** The search the address holds. */
  value: string;
  onChange: (search: string) => void;
  /** How the page writes what is typed into the address (the library trims it); as typed by default. */
  toAddress?: (typed: string) => string;
}

/**
 * A page's search box. What is typed goes to the address at once (the page replaces the entry and
 * asks the server once typing pauses); a change of the address from elsewhere (Back, a filter
 * cleared, a folder opened) shows here too. Escape or the clear button empties it.
 */
export function SearchBox({ label, example, maxLength, value, onChange, toAddress = (typed) => typed }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setDraft(value);
  }
  const change = (next: string) => {
    setDraft(next);
    setSent(toAddress(next));
    onChange(next);
  };
  return (
    <div role="search" className="relative w-full sm:max-w-xs">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-[var(--color-muted-foreground)]" />
      <Input
        type="search"
        aria-label={label}
        example={example}
        maxLength={maxLength}
        value={draft}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && draft) {
            event.preventDefault();
            change("");
          }
        }}
        className="pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {draft ? (
        <Button type="button" variant="ghost" size="icon" aria-label="Clear search" onClick={() => change("")} className="absolute top-0 right-0">
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
