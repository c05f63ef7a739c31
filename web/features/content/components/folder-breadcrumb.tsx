import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { cn } from "#web/lib/cn.ts";
import { contentAddressQuery } from "./use-content-address.ts";
import type { DropFolder, useItemDrag } from "./use-item-drag.ts";

export interface FolderCrumb {
  id: string;
  title: string;
}

/**
 * Files › Folder › Sub: the folder listed and its ancestors, each a link and a place to drop a
 * dragged row onto (the folder listed is where the row already is, so it takes none).
 */
export function FolderBreadcrumb({
  path,
  missionId,
  drag,
  trailing,
}: {
  path: readonly FolderCrumb[];
  missionId: string | null;
  drag: ReturnType<typeof useItemDrag>;
  /** A last crumb that is not a folder, such as the search. */
  trailing?: string;
}) {
  const crumbs: { id: DropFolder; title: string }[] = [{ id: null, title: "Files" }, ...path];
  const here = useRef<HTMLSpanElement>(null);
  const currentId = path.at(-1)?.id ?? null;
  const shownId = useRef(currentId);
  // Another folder opened: the link or button that opened it is gone, so focus goes to where the reader is now.
  useEffect(() => {
    if (shownId.current === currentId) return;
    shownId.current = currentId;
    here.current?.focus();
  }, [currentId]);
  return (
    <nav aria-label="Folder path">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1 && trailing === undefined;
          const target = drag.targetProps(crumb.id, crumb.title);
          const dropState = "data-drop-target" in target ? target["data-drop-target"] : undefined;
          return (
            <li key={crumb.id ?? "top"} className="flex min-w-0 items-center gap-1">
              {index > 0 ? (
                <span aria-hidden="true" className="text-[var(--color-muted-foreground)]">
                  ›
                </span>
              ) : null}
              {current ? (
                <span ref={here} tabIndex={-1} aria-current="page" className="max-w-60 truncate rounded-md px-1.5 py-1 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]" title={crumb.title}>
                  {crumb.title}
                </span>
              ) : (
                <Link
                  to={{ search: contentAddressQuery({ folderId: crumb.id, search: "", missionId }) }}
                  title={crumb.title}
                  {...target}
                  className={cn(
                    "max-w-60 truncate rounded-md px-1.5 py-1 text-[var(--color-muted-foreground)] underline-offset-4 hover:text-[var(--color-foreground)] hover:underline",
                    dropState === "available" && "outline-1 outline-[var(--color-border)] outline-dashed",
                    dropState === "active" && "bg-[var(--color-muted)] text-[var(--color-foreground)] outline-2 outline-[var(--color-primary)] outline-dashed",
                  )}
                >
                  {crumb.title}
                </Link>
              )}
            </li>
          );
        })}
        {trailing !== undefined ? (
          <li className="flex min-w-0 items-center gap-1">
            <span aria-hidden="true" className="text-[var(--color-muted-foreground)]">
              ›
            </span>
            <span aria-current="page" className="max-w-60 truncate px-1.5 py-1 font-medium">
              {trailing}
            </span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
