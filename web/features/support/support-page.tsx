import { useQuery } from "@tanstack/react-query";
import { CircleHelp } from "lucide-react";
import { useRef } from "react";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { openGetHelp } from "#web/lib/get-help-request.ts";
import { HelpRequestsCard } from "./components/help-requests-card.tsx";
import { ProviderContactCard } from "./components/provider-contact-card.tsx";
import { SupportFaqCard } from "./components/support-faq-card.tsx";
import { supportOverviewQuery } from "./support-api.ts";

const DESCRIPTION = "How to reach us, the help you asked for, and answers to the questions we hear most.";

/** /support (spec §2): the provider's contacts and promise, the organization's help requests, the FAQ. */
export default function SupportPage() {
  const overview = useQuery(supportOverviewQuery);
  const getHelpRef = useRef<HTMLButtonElement>(null);
  const actions = (
    <Button ref={getHelpRef} type="button" aria-haspopup="dialog" onClick={() => openGetHelp(getHelpRef.current)}>
      <CircleHelp aria-hidden="true" />
      Get Expert Help
    </Button>
  );
  return (
    <PageFrame title="Support" description={DESCRIPTION} actions={actions}>
      {overview.isPending ? (
        <LoadingSkeleton label="Loading support..." shape="cards" />
      ) : overview.isError ? (
        <PageError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ProviderContactCard settings={overview.data.settings} canEdit={overview.data.can_edit_settings} />
          <HelpRequestsCard requests={overview.data.help_requests} />
          <SupportFaqCard markdown={overview.data.faq_markdown} className="lg:col-span-2" />
        </div>
      )}
    </PageFrame>
  );
}
