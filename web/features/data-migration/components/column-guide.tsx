import type { MigrationEntity } from "#common/domain/migration-entities";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";

/** Every column of an entity's file, from the same declarations the template and the server's check read. */
export function ColumnGuide({ id, entity }: { id: string; entity: MigrationEntity }) {
  return (
    <div id={id} className="space-y-2 rounded-md border border-[var(--color-border)] p-3">
      <p className="text-sm text-[var(--color-muted-foreground)]">
        The first row names the columns, as in the template. Leave optional cells empty when you have no value.
      </p>
      <Table>
        <TableCaption className="sr-only">Columns of the {entity.label} file</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Column</TableHead>
            <TableHead>Required</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Example</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entity.columns.map((column) => (
            <TableRow key={column.name}>
              <TableCell>
                <span className="block font-mono text-xs">{column.name}</span>
                <span className="block text-xs text-[var(--color-muted-foreground)]">{column.label}</span>
              </TableCell>
              <TableCell>{column.required ? "Required" : "Optional"}</TableCell>
              <TableCell>{column.description || "—"}</TableCell>
              <TableCell className="font-mono text-xs whitespace-nowrap">{column.example}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
