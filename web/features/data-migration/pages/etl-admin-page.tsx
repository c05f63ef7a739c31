import { EtlConnectionsCard } from "#web/features/data-migration/components/etl-connections-table.tsx";
import { EtlDatasetsCard } from "#web/features/data-migration/components/etl-datasets-table.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

/** /etl-admin (the ETL team): every organization's connections and staged datasets, and their review. */
export default function EtlAdminPage() {
  return (
    <PageFrame
      title="ETL Admin"
      description="Every organization's data connections and migration files, most recent activity first. The lists refresh every 30 seconds."
    >
      <EtlDatasetsCard />
      <EtlConnectionsCard />
    </PageFrame>
  );
}
