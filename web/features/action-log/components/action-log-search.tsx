import { Search, X } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";

const SEARCH_MAX = 200;

/**
 * The search box. What is typed goes to the address at once (`?q=`, replacing the entry); the
 * page asks the server once typing pauses. A change of the address from elsewhere (Back, Clear
 * filters) shows here too.
 */
export function ActionLogSearch({ label, value, onChange }: { label: string; value: string; onChange: (search: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setDraft(value);
  }
  const change = (next: string) => {
    setDraft(next);
    setSent(next);
    onChange(next);
  };
  return (
    <div role="search" className="relative w-full sm:max-w-xs">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-[var(--color-muted-foreground)]" />
      <Input
        type="search"
        aria-label={label}
        example="RISK-12 or a word of the title"
        maxLength={SEARCH_MAX}
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
