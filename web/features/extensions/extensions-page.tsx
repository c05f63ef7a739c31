import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { Extension, ExtensionsOverview } from "#common/contracts/extensions";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { ExtensionCard } from "./extension-card.tsx";
import { ExtensionTextDialog, type TextAction } from "./extension-dialogs.tsx";
import { ExtensionHistory } from "./extension-history.tsx";
import { extensionsQuery, useChangeExtension } from "./extensions-api.ts";

const DESCRIPTION = "ERP add-ons your organization can have. Request one: once the provider activates it, its page opens here to prepare it for go-live.";

/** Where the add-ons go: the primary estimate, or the next plan while it is locked or missing. */
function describeSubscription(primary: ExtensionsOverview["primary_estimate"]): { text: string; link: boolean } {
  if (!primary) return { text: "You have no primary estimate yet: activated add-ons are recorded for your next plan.", link: true };
  if (primary.is_locked) return { text: `Your primary estimate “${primary.name}” is locked: activated add-ons are recorded for the next plan.`, link: false };
  return { text: `Activated add-ons go on your primary estimate “${primary.name}”, priced for its edition.`, link: true };
}

/** /extensions (spec §1, §2): each extension with its price and state, requests, activation, and what changed. */
export default function ExtensionsPage() {
  const overview = useQuery(extensionsQuery);
  return (
    <PageFrame title="Extensions" description={DESCRIPTION}>
      {overview.isPending ? (
        <LoadingSkeleton label="Loading extensions..." shape="cards" />
      ) : overview.isError ? (
        <PageError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <ExtensionsContent overview={overview.data} />
      )}
    </PageFrame>
  );
}

function ExtensionsContent({ overview }: { overview: ExtensionsOverview }) {
  const change = useChangeExtension();
  const [dialog, setDialog] = useState<{ action: TextAction; extension: Extension } | null>(null);
  const subscription = describeSubscription(overview.primary_estimate);

  const sendDirect = async (action: "withdraw" | "activate", extension: Extension) => {
    try {
      const result = await change.mutateAsync({ action, extensionId: extension.id });
      lazyToast.success(result.message);
    } catch (error) {
      lazyToast.error(action === "activate" ? "Activation failed" : "Withdrawal failed", { description: messageOf(error, "Please try again.") });
    }
  };

  return (
    <div className="space-y-8">
      <p className="text-sm">
        {subscription.text}{" "}
        {subscription.link ? (
          <Link to="/price" className="text-[var(--color-primary)] underline underline-offset-4">
            See the estimates
          </Link>
        ) : null}
      </p>
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {overview.extensions.map((extension) => (
          <li key={extension.id} className="min-w-0">
            <ExtensionCard
              extension={extension}
              actions={{
                busy: change.isPending,
                onText: (action) => setDialog({ action, extension }),
                onDirect: (action) => void sendDirect(action, extension),
              }}
            />
          </li>
        ))}
      </ul>
      <ExtensionHistory history={overview.history} />
      {dialog ? (
        <ExtensionTextDialog
          action={dialog.action}
          extension={dialog.extension}
          estimateLocked={overview.primary_estimate?.is_locked ?? false}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
