import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { ToolSummary } from "#common/contracts/tools";
import { formatFileSize } from "#common/domain/content";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { toolsOverviewQuery } from "./tools-api.ts";

const NUMBER = new Intl.NumberFormat("en-US");

const DESCRIPTION = "Everything your team tracks during the launch: tasks, issues, decisions, risks, requests and files.";

/** "1 file", "12 files". */
function countOf(count: number, singular: string, plural: string): string {
  return `${NUMBER.format(count)} ${count === 1 ? singular : plural}`;
}

/** /tools (spec §2): one card per tool the menu shows, in menu order, with its counts or its lock. */
export default function ToolsPage() {
  const overview = useQuery(toolsOverviewQuery);
  return (
    <PageFrame title="Tools" description={DESCRIPTION}>
      {overview.isPending ? (
        <LoadingSkeleton label="Loading tools..." shape="cards" />
      ) : overview.isError ? (
        <PageError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data.tools.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No tools are open to you yet.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {overview.data.tools.map((tool) => (
            <li key={tool.id} className="min-w-0">
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

function ToolCard({ tool }: { tool: ToolSummary }) {
  const titleId = `tool-${tool.id}-title`;
  const locked = tool.locked_reason !== null;
  return (
    <Card aria-labelledby={titleId} className="h-full min-w-0">
      <CardHeader>
        <CardTitle id={titleId} className="flex min-w-0 items-center gap-2 break-words">
          {locked ? (
            <>
              <Lock aria-hidden="true" className="size-4 shrink-0 text-[var(--color-muted-foreground)]" />
              <span className="min-w-0">{tool.label}</span>
            </>
          ) : (
            // The guard refuses a locked tool's route, so only an open tool is linked.
            <Link to={tool.route} className="min-w-0 text-[var(--color-primary)] underline underline-offset-4">
              {tool.label}
            </Link>
          )}
        </CardTitle>
        <CardDescription className="break-words">{tool.description}</CardDescription>
      </CardHeader>
      {locked ? <p className="text-sm break-words text-[var(--color-muted-foreground)]">{tool.locked_reason}</p> : <ToolCounts counts={tool.counts} />}
    </Card>
  );
}

function ToolCounts({ counts }: { counts: ToolSummary["counts"] }) {
  if (!counts) return null;
  if (counts.kind === "files") {
    if (counts.files === 0) return <p className="text-sm text-[var(--color-muted-foreground)]">No files yet</p>;
    return (
      <p className="text-sm">
        {countOf(counts.files, "file", "files")}
        {/* Files at the library's top level only: no "in 0 folders". */}
        {counts.folders > 0 ? ` in ${countOf(counts.folders, "folder", "folders")}` : null} · {formatFileSize(counts.bytes)}
      </p>
    );
  }
  if (counts.total === 0) return <p className="text-sm text-[var(--color-muted-foreground)]">No entries yet</p>;
  return (
    <p className="text-sm">
      {NUMBER.format(counts.open)} open ·{" "}
      <span className={counts.overdue > 0 ? "font-medium text-[var(--color-destructive)]" : undefined}>{NUMBER.format(counts.overdue)} overdue</span> ·{" "}
      {NUMBER.format(counts.total)} in all
    </p>
  );
}
