import { EtlConnectionsCard } from "#web/features/data-migration/components/etl-connections-table.tsx";
import { EtlDatasetsCard } from "#web/features/data-migration/components/etl-datasets-table.tsx";

/** /etl-admin (the ETL team): every organization's connections and staged datasets, and their review. */
export default function EtlAdminPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">ETL Admin</h1>
        <p className="text-sm text-[var(--color-muted-foreground)]">
          Every organization&apos;s data connections and migration files, most recent activity first. The lists refresh every 30
          seconds.
        </p>
      </div>
      <EtlDatasetsCard />
      <EtlConnectionsCard />
    </div>
  );
}
