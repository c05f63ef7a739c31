import { useQuery } from "@tanstack/react-query";
import {
  type ContainerManagementAnswersInput,
  type ContainerManagementWorkspace,
  containerManagementAnswersSchema,
} from "#common/contracts/extension-workspaces";
import { findExtension } from "#common/domain/extensions";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import {
  containerManagementWorkspaceQuery,
  useReopenContainerManagementWorkspace,
  useSaveContainerManagementDraft,
  useSubmitContainerManagementWorkspace,
} from "#web/features/extension-workspaces/api/workspace-api.ts";
import { ContainerTypesEditor } from "#web/features/extension-workspaces/components/container-types-editor.tsx";
import { LandedCostFields } from "#web/features/extension-workspaces/components/landed-cost-fields.tsx";
import { OpenContainersImport } from "#web/features/extension-workspaces/components/open-containers-import.tsx";
import { LanesEditor, PortsEditor } from "#web/features/extension-workspaces/components/ports-and-lanes-editors.tsx";
import { WorkspaceForm } from "#web/features/extension-workspaces/components/workspace-form.tsx";
import { WorkspaceSection } from "#web/features/extension-workspaces/components/workspace-section.tsx";
import { WorkspaceStatus, WorkspaceStatusBadge } from "#web/features/extension-workspaces/components/workspace-status.tsx";

const LABEL = "Container Management";
const BREADCRUMBS = [{ label: "Extensions", to: "/extensions" }, { label: LABEL }];

/** /extensions/container-management (spec §2): container types, ports and lanes, landed costs and the open containers. */
export default function ContainerManagementPage() {
  const workspace = useQuery(containerManagementWorkspaceQuery);
  return (
    <PageFrame
      title={LABEL}
      breadcrumbs={BREADCRUMBS}
      description={findExtension("container-management")?.summary}
      titleAside={workspace.data ? <WorkspaceStatusBadge status={workspace.data.status} /> : null}
    >
      {workspace.isPending ? (
        <LoadingSkeleton label="Loading the Container Management set-up..." shape="page" />
      ) : workspace.isError ? (
        <PageError error={workspace.error} onRetry={() => void workspace.refetch()} />
      ) : (
        <ContainerManagementContent workspace={workspace.data} />
      )}
    </PageFrame>
  );
}

function ContainerManagementContent({ workspace }: { workspace: ContainerManagementWorkspace }) {
  const save = useSaveContainerManagementDraft();
  const submit = useSubmitContainerManagementWorkspace();
  const reopen = useReopenContainerManagementWorkspace();
  return (
    <>
      <WorkspaceStatus workspace={workspace} label={LABEL} onReopen={(reason) => reopen.mutateAsync(reason)} />
      <WorkspaceForm<ContainerManagementAnswersInput>
        label={LABEL}
        workspace={workspace}
        answers={workspace.answers}
        schema={containerManagementAnswersSchema}
        onSave={(answers) => save.mutateAsync(answers)}
        onSubmit={() => submit.mutateAsync()}
      >
        <WorkspaceSection title="Container types" description="The containers you ship in: inside dimensions, weights and volume. Codes are unique.">
          <ContainerTypesEditor />
        </WorkspaceSection>
        <WorkspaceSection title="Ports" description="The ports your containers leave from and arrive at, by UN/LOCODE.">
          <PortsEditor />
        </WorkspaceSection>
        <WorkspaceSection title="Shipping lanes" description="The routes between your ports, with their usual transit time.">
          <LanesEditor />
        </WorkspaceSection>
        <WorkspaceSection title="Landed costs" description="How the costs of getting a container to your warehouse are spread over what it carries.">
          <LandedCostFields />
        </WorkspaceSection>
      </WorkspaceForm>
      <WorkspaceSection title="Open containers" description="Containers on their way now, imported from a CSV file. Importing is optional.">
        <OpenContainersImport workspace={workspace} />
      </WorkspaceSection>
    </>
  );
}
