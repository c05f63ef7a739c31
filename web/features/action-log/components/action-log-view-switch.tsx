import { Columns3, List } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import type { ActionLogView } from "./use-action-log-address.ts";

const VIEWS = [
  { view: "list", label: "List", Icon: List },
  { view: "board", label: "Board", Icon: Columns3 },
] as const;

/** List or Board: two toggle buttons, the pressed one showing. */
export function ActionLogViewSwitch({ view, onChange }: { view: ActionLogView; onChange: (view: ActionLogView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border border-[var(--color-border)] p-0.5">
      {VIEWS.map(({ view: option, label, Icon }) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={view === option ? "default" : "ghost"}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}
