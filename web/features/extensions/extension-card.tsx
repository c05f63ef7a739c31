import { CheckCircle2, Clock } from "lucide-react";
import { Link } from "react-router";
import type { Extension } from "#common/contracts/extensions";
import { formatAmount } from "#common/domain/money";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { formatDay } from "#web/lib/format-date.ts";
import type { TextAction } from "./extension-dialogs.tsx";

const STATE_LABELS: Record<Extension["state"], string> = { available: "Available", requested: "Requested", active: "Active" };

/** "$245.00 a month", "from $149.00 a month", or that the price list has none. */
export function describePrice(extension: Pick<Extension, "monthly_price_cents" | "price_is_from">): string {
  if (extension.monthly_price_cents === null) return "Not in the price list yet: ask the provider";
  return `${extension.price_is_from ? "From " : ""}${formatAmount(extension.monthly_price_cents)} a month`;
}

/** What the extension's state means for the organization, in one sentence. */
export function describeState(extension: Extension): string {
  if (extension.state === "requested" && extension.request) {
    const who = extension.request.by?.name ?? "Someone";
    const reference = extension.request.entry_reference ? ` (${extension.request.entry_reference})` : "";
    return `Requested by ${who} on ${formatDay(extension.request.at)}${reference}. The provider will review it.`;
  }
  if (extension.state === "active") {
    const since = extension.activation ? ` since ${formatDay(extension.activation.at)}` : "";
    if (extension.plan_change === "next_plan") return `Active${since}. The add-on is recorded for your next plan.`;
    return `Active${since}.${extension.on_primary_estimate ? " The add-on is on your primary estimate." : ""}`;
  }
  return extension.on_primary_estimate ? "On your primary estimate, not active yet: request it to start preparing it." : "Not requested yet.";
}

export interface CardActions {
  /** Opens the dialog of a change that asks for words. */
  onText: (action: TextAction) => void;
  /** Sends a change that needs no words (withdraw, activate). */
  onDirect: (action: "withdraw" | "activate") => void;
  busy: boolean;
}

/** One extension: what it does, its price and state, and the changes the caller may make. */
export function ExtensionCard({ extension, actions }: { extension: Extension; actions: CardActions }) {
  const titleId = `extension-${extension.id}-title`;
  const { can } = extension;
  return (
    <Card aria-labelledby={titleId} className="flex h-full min-w-0 flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle id={titleId} className="min-w-0 break-words">
            {extension.label}
          </CardTitle>
          <Badge variant={extension.state === "active" ? "default" : "outline"} className="gap-1">
            {extension.state === "active" ? <CheckCircle2 aria-hidden="true" className="size-3" /> : extension.state === "requested" ? <Clock aria-hidden="true" className="size-3" /> : null}
            {STATE_LABELS[extension.state]}
          </Badge>
        </div>
        <CardDescription>{extension.summary}</CardDescription>
      </CardHeader>
      <div className="flex flex-1 flex-col gap-4">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {extension.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
        <p className="text-sm font-medium">{describePrice(extension)}</p>
        <p className="text-sm text-[var(--color-muted-foreground)]">{describeState(extension)}</p>
        {extension.request?.note && extension.state === "requested" ? (
          <p className="rounded-md bg-[var(--color-muted)] p-3 text-sm break-words whitespace-pre-line">“{extension.request.note}”</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2">
          {can.open ? (
            <Button asChild variant={extension.state === "active" ? "default" : "outline"}>
              <Link to={extension.route}>Open {extension.label}</Link>
            </Button>
          ) : null}
          {can.request ? <Button onClick={() => actions.onText("request")}>Request</Button> : null}
          {can.activate ? (
            <Button disabled={actions.busy} onClick={() => actions.onDirect("activate")}>
              {extension.state === "requested" ? "Approve and activate" : "Activate"}
            </Button>
          ) : null}
          {can.decline ? (
            <Button variant="outline" onClick={() => actions.onText("decline")}>
              Decline
            </Button>
          ) : null}
          {can.withdraw ? (
            <Button variant="outline" disabled={actions.busy} onClick={() => actions.onDirect("withdraw")}>
              Withdraw request
            </Button>
          ) : null}
          {can.deactivate ? (
            <Button variant="outline" onClick={() => actions.onText("deactivate")}>
              Deactivate
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
