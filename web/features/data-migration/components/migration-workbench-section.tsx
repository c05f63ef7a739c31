import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { MIGRATION_ENTITIES } from "#common/domain/migration-entities";
import { PageError } from "#web/components/page-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useNoOrganizationSelected } from "#web/lib/current-user-query.ts";
import { migrationOverviewQuery } from "#web/features/data-migration/api/migration-api.ts";
import { MigrationEntityCard } from "./migration-entity-card.tsx";
import { RefreshFailedNote } from "./refresh-failed-note.tsx";

/**
 * The CSV migration workbench on the Data Setup page: a card per entity, in the order to upload
 * them. The overview follows uploads, discards and the ETL team's reviews live.
 */
export function MigrationWorkbenchSection() {
  const titleId = useId();
  const noOrganization = useNoOrganizationSelected();
  const overview = useQuery({ ...migrationOverviewQuery, enabled: !noOrganization });
  const retry = () => void overview.refetch();
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-2">
        <h2 id={titleId} className="text-xl font-semibold">
          Migration workbench
        </h2>
        <p className="text-sm text-[var(--color-muted-foreground)]">
          Bring your existing records over as CSV files: download an entity&apos;s template, fill it in (the column guide says what
          each column takes), and upload it. Each file is checked row by row; a file with any problem is not staged, and the report
          lists every problem to fix. Clean files are staged for the ETL team, who load them into the new system.
        </p>
        <p className="text-sm text-[var(--color-muted-foreground)]">
          Upload in the order shown: items refer to accounts in the chart of accounts, open receivables to customers and open payables
          to vendors, so those must be staged first.
        </p>
      </div>
      {noOrganization ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">
          No organization selected. Choose one in the header to see its migration workbench.
        </p>
      ) : overview.data ? (
        // A failed refresh keeps the cards (and any upload in flight) and says so beside them.
        <div className="space-y-4">
          {overview.isError ? <RefreshFailedNote error={overview.error} onRetry={retry} /> : null}
          {MIGRATION_ENTITIES.map((entity, index) => {
            const state = overview.data.entities.find((candidate) => candidate.entity === entity.id) ?? {
              entity: entity.id,
              dataset: null,
              last_upload: null,
            };
            return <MigrationEntityCard key={entity.id} position={index + 1} entity={entity} state={state} />;
          })}
        </div>
      ) : overview.isError ? (
        <PageError error={overview.error} onRetry={retry} />
      ) : (
        <Spinner label="Loading the migration workbench…" />
      )}
    </section>
  );
}
