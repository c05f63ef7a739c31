import { FolderOpen, SearchX } from "lucide-react";

/** An empty folder (with how to fill it) or a search that found nothing. */
export function ContentEmptyState({ searching, search, writable }: { searching: boolean; search: string; writable: boolean }) {
  const Icon = searching ? SearchX : FolderOpen;
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-[var(--color-border)] px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-[var(--color-muted-foreground)]" />
      <p className="font-medium">{searching ? "No files match" : "This folder is empty"}</p>
      <p className="max-w-sm text-sm text-[var(--color-muted-foreground)]">
        {searching
          ? `Nothing in this mission has a title containing “${search.trim()}”.`
          : writable
            ? "Drop files here, or choose Upload files to add some."
            : "Nothing was kept here in this mission."}
      </p>
    </div>
  );
}
