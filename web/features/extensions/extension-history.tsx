import type { ExtensionHistoryEntry, ExtensionsOverview } from "#common/contracts/extensions";
import { findExtension } from "#common/domain/extensions";
import { formatDateTime } from "#web/lib/format-date.ts";

const VERBS: Record<ExtensionHistoryEntry["action"], string> = {
  requested: "requested",
  withdrawn: "withdrew the request for",
  declined: "declined the request for",
  activated: "activated",
  deactivated: "deactivated",
};

const PLAN_CHANGES: Record<"activated" | "deactivated", Record<"estimate" | "next_plan", string>> = {
  activated: { estimate: ": on the primary estimate", next_plan: ": recorded for the next plan" },
  deactivated: { estimate: ": off the primary estimate", next_plan: ": the removal is recorded for the next plan" },
};

/** "Ann Lee activated AP Automation: on the primary estimate." */
export function describeHistoryEntry(entry: ExtensionHistoryEntry): string {
  const who = entry.actor?.name ?? "Someone no longer here";
  const label = findExtension(entry.extension_id)?.label ?? entry.extension_id;
  const plan = (entry.action === "activated" || entry.action === "deactivated") && entry.plan_change ? PLAN_CHANGES[entry.action][entry.plan_change] : "";
  return `${who} ${VERBS[entry.action]} ${label}${plan}`;
}

/** The newest changes of the organization's extensions, with the reasons given. */
export function ExtensionHistory({ history }: { history: ExtensionsOverview["history"] }) {
  return (
    <section aria-labelledby="extension-history-title" className="space-y-3">
      <h2 id="extension-history-title" className="text-lg font-semibold">
        Activity
      </h2>
      {history.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No extension has been requested or activated yet.</p>
      ) : (
        <ol className="divide-y divide-[var(--color-border)] rounded-xl border border-[var(--color-border)]">
          {history.map((entry) => (
            <li key={entry.id} className="space-y-1 p-4 text-sm">
              <p className="break-words">{describeHistoryEntry(entry)}</p>
              {entry.note ? <p className="break-words whitespace-pre-line text-[var(--color-muted-foreground)]">“{entry.note}”</p> : null}
              <p className="text-xs text-[var(--color-muted-foreground)]">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
