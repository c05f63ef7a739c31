import { LiveDataStatus } from "#web/components/live-data-status.tsx";
import { DataConnectionsSection } from "#web/features/data-connections/components/data-connections-section.tsx";
import { MigrationWorkbenchSection } from "#web/features/data-migration/components/migration-workbench-section.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

/**
 * /data-connection, the launchpad's Data Setup page: the organization's connections to the
 * systems it migrates from, then the CSV migration workbench with the ETL team's verdicts. Both
 * follow the realtime stream, so a review or a colleague's change shows without a reload.
 */
export default function DataSetupPage() {
  return (
    <PageFrame
      title="Data Setup"
      description="Connect the systems you are moving from, and bring their data over as CSV files for the ETL team to load."
      actions={<LiveDataStatus subject="Data setup" />}
    >
      <DataConnectionsSection />
      <MigrationWorkbenchSection />
    </PageFrame>
  );
}
