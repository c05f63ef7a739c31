import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import type { MenuVersion } from "#common/contracts/menu-versions";
import { DEFAULT_MENU_VERSION } from "#common/domain/menu-config";
import { PageError } from "#web/components/page-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { describePermissions, itemLabel } from "./menu-items.ts";
import { MenuVersionDialog } from "./menu-version-dialog.tsx";
import { menuVersionsQuery } from "./menu-versions-api.ts";

/** A list cell: the entries, or "None". */
function ListCell({ entries }: { entries: string[] }) {
  if (entries.length === 0) return <span className="text-[var(--color-muted-foreground)]">None</span>;
  return (
    <ul className="flex max-w-md flex-wrap gap-1">
      {entries.map((entry) => (
        <li key={entry}>
          <Badge variant="outline">{entry}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The editor's target: closed, a new version, or one listed version. */
type Editing = { mode: "closed" } | { mode: "new" } | { mode: "edit"; version: MenuVersion };

/** The "Menu versions" card: every version with its configuration; create and edit them. */
export function MenuVersionsSection() {
  const versions = useQuery(menuVersionsQuery);
  const [editing, setEditing] = useState<Editing>({ mode: "closed" });

  return (
    <Card aria-labelledby="menu-versions-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <CardTitle id="menu-versions-title">Menu versions</CardTitle>
          <CardDescription>
            Named navigation configurations. Organizations without one, or with an inactive one, use the default menu (
            {DEFAULT_MENU_VERSION}).
          </CardDescription>
        </div>
        <Button onClick={() => setEditing({ mode: "new" })}>
          <Plus aria-hidden="true" />
          New menu version
        </Button>
      </CardHeader>
      {versions.isPending ? (
        <Spinner label="Loading menu versions..." />
      ) : versions.isError ? (
        <PageError error={versions.error} onRetry={() => void versions.refetch()} />
      ) : versions.data.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No menu versions yet.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Excluded items</TableHead>
              <TableHead>Custom permissions</TableHead>
              <TableHead>Organizations</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {versions.data.map((version) => (
              <TableRow key={version.id}>
                <TableCell className="font-medium">{version.version_name}</TableCell>
                <TableCell>{version.is_active ? <Badge>Active</Badge> : <Badge variant="outline">Inactive</Badge>}</TableCell>
                <TableCell>
                  <ListCell entries={version.menu_config.excludeItems.map(itemLabel)} />
                </TableCell>
                <TableCell>
                  <ListCell entries={describePermissions(version.menu_config.customPermissions)} />
                </TableCell>
                <TableCell>{version.organization_count}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${version.version_name}`}
                    onClick={() => setEditing({ mode: "edit", version })}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <MenuVersionDialog
        open={editing.mode !== "closed"}
        onOpenChange={(open) => {
          if (!open) setEditing({ mode: "closed" });
        }}
        version={editing.mode === "edit" ? editing.version : undefined}
      />
    </Card>
  );
}
