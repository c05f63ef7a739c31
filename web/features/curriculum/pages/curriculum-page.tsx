import { useQuery } from "@tanstack/react-query";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { curriculumQuery } from "#web/features/curriculum/api/curriculum-api.ts";
import { CurriculumExportButton } from "#web/features/curriculum/components/curriculum-export-button.tsx";
import { CurriculumImportDialog } from "#web/features/curriculum/components/curriculum-import-dialog.tsx";
import { CurriculumMilestonesTable } from "#web/features/curriculum/components/curriculum-milestones-table.tsx";
import { CurriculumSummary } from "#web/features/curriculum/components/curriculum-summary.tsx";

const BREADCRUMBS = [{ label: "ERP Settings", to: "/acumatica-settings" }, { label: "Launch plan curriculum" }];

const DESCRIPTION = (
  <>
    <p>
      The content every organization&apos;s Launch Plan follows: its milestones, courses, lessons, topics and configuration questions. It is
      kept as files, a curriculum.yaml manifest, Markdown bodies and video files: export the folder, edit it, and import it back.
    </p>
    <p className="mt-2">
      Every entry has a key. Keys are stable, and progress is kept by key: titles and text can change freely, while removing or renaming a
      key discards the progress recorded against it.
    </p>
  </>
);

/** /acumatica-settings/curriculum (employees): the launch plan curriculum, its zip export and import. */
export default function CurriculumPage() {
  const curriculum = useQuery(curriculumQuery);
  return (
    <PageFrame
      title="Launch plan curriculum"
      breadcrumbs={BREADCRUMBS}
      description={DESCRIPTION}
      actions={
        <>
          <CurriculumExportButton />
          <CurriculumImportDialog maxZipBytes={curriculum.data?.max_zip_bytes ?? null} />
        </>
      }
    >
      {curriculum.data ? (
        <>
          <CurriculumSummary overview={curriculum.data} />
          <CurriculumMilestonesTable milestones={curriculum.data.milestones} />
        </>
      ) : curriculum.isError ? (
        <PageError error={curriculum.error} onRetry={() => void curriculum.refetch()} />
      ) : (
        <LoadingSkeleton label="Loading the curriculum..." shape="cards" />
      )}
    </PageFrame>
  );
}
