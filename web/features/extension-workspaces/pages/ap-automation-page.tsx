import { useQuery } from "@tanstack/react-query";
import { type ApAutomationAnswersInput, type ApAutomationWorkspace, apAutomationAnswersSchema } from "#common/contracts/extension-workspaces";
import { findExtension } from "#common/domain/extensions";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import {
  apAutomationWorkspaceQuery,
  useReopenApAutomationWorkspace,
  useSaveApAutomationDraft,
  useSubmitApAutomationWorkspace,
} from "#web/features/extension-workspaces/api/workspace-api.ts";
import { IntakeFields, MatchingFields, PaymentRunFields } from "#web/features/extension-workspaces/components/ap-settings-fields.tsx";
import { ApprovalRulesEditor } from "#web/features/extension-workspaces/components/approval-rules-editor.tsx";
import { VendorListStatus } from "#web/features/extension-workspaces/components/vendor-list-status.tsx";
import { WorkspaceSection } from "#web/features/extension-workspaces/components/workspace-section.tsx";
import { WorkspaceForm } from "#web/features/extension-workspaces/components/workspace-form.tsx";
import { WorkspaceStatus, WorkspaceStatusBadge } from "#web/features/extension-workspaces/components/workspace-status.tsx";

const LABEL = "AP Automation";
const BREADCRUMBS = [{ label: "Extensions", to: "/extensions" }, { label: LABEL }];

/** /extensions/ap-automation (spec §2): the accounts-payable set-up the ERP add-on needs. */
export default function ApAutomationPage() {
  const workspace = useQuery(apAutomationWorkspaceQuery);
  return (
    <PageFrame
      title={LABEL}
      breadcrumbs={BREADCRUMBS}
      description={findExtension("ap-automation")?.summary}
      titleAside={workspace.data ? <WorkspaceStatusBadge status={workspace.data.status} /> : null}
    >
      {workspace.isPending ? (
        <LoadingSkeleton label="Loading the AP Automation set-up..." shape="page" />
      ) : workspace.isError ? (
        <PageError error={workspace.error} onRetry={() => void workspace.refetch()} />
      ) : (
        <ApAutomationContent workspace={workspace.data} />
      )}
    </PageFrame>
  );
}

function ApAutomationContent({ workspace }: { workspace: ApAutomationWorkspace }) {
  const save = useSaveApAutomationDraft();
  const submit = useSubmitApAutomationWorkspace();
  const reopen = useReopenApAutomationWorkspace();
  return (
    <>
      <WorkspaceStatus workspace={workspace} label={LABEL} onReopen={(reason) => reopen.mutateAsync(reason)} />
      <WorkspaceForm<ApAutomationAnswersInput>
        label={LABEL}
        workspace={workspace}
        answers={workspace.answers}
        schema={apAutomationAnswersSchema}
        onSave={(answers) => save.mutateAsync(answers)}
        onSubmit={() => submit.mutateAsync()}
      >
        <WorkspaceSection title="Approval rules" description="Who approves a vendor bill, by its amount in your organization's currency. A rule runs from its amount up to the next rule's; the lowest starts at 0 and the highest has no upper limit (leave it empty).">
          <ApprovalRulesEditor />
        </WorkspaceSection>
        <div className="grid gap-6 lg:grid-cols-2">
          <WorkspaceSection title="Matching" description="How a bill is checked against its purchase order (and receipt) before it is approved.">
            <MatchingFields />
          </WorkspaceSection>
          <WorkspaceSection title="Vendor bill intake" description="Where vendors send bills, and which files the ERP reads.">
            <IntakeFields />
          </WorkspaceSection>
        </div>
        <WorkspaceSection title="Payment runs" description="When approved bills are paid, how, and who releases the run.">
          <PaymentRunFields />
        </WorkspaceSection>
      </WorkspaceForm>
      <WorkspaceSection title="Vendor list" description="The vendors AP Automation pays come from the vendor list you import in Data Setup.">
        <VendorListStatus vendorList={workspace.vendor_list} />
      </WorkspaceSection>
    </>
  );
}
