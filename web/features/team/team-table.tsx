import type { ReactNode } from "react";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";

/** A team list under its column headings, plus a visually hidden "Actions" heading when rows have actions. */
export function TeamTable({ columns, withActions, children }: { columns: string[]; withActions: boolean; children: ReactNode }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
          {withActions ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
