import { LiveDataStatus } from "#web/components/live-data-status.tsx";
import { DataConnectionsSection } from "#web/features/data-connections/components/data-connections-section.tsx";
import { MigrationWorkbenchSection } from "#web/features/data-migration/components/migration-workbench-section.tsx";

/**
 * /data-connection, the launchpad's Data Setup page: the organization's connections to the
 * systems it migrates from, then the CSV migration workbench with the ETL team's verdicts. Both
 * follow the realtime stream, so a review or a colleague's change shows without a reload.
 */
export default function DataSetupPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Data Setup</h1>
          <p className="text-sm text-[var(--color-muted-foreground)]">
            Connect the systems you are moving from, and bring their data over as CSV files for the ETL team to load.
          </p>
        </div>
        <LiveDataStatus subject="Data setup" />
      </div>
      <DataConnectionsSection />
      <MigrationWorkbenchSection />
    </div>
  );
}
