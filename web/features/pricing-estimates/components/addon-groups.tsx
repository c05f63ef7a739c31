import { formatAmount } from "#common/domain/money";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "#common/domain/pricing";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { type CalculatorLine, type PlacedIssues, itemLabel } from "#web/features/pricing-estimates/calculator-model.ts";

/** Element ids from inventory ids, which may hold characters ids should not. */
export function addOnFieldId(inventoryId: string, field: "select" | "quantity"): string {
  return `addon-${inventoryId.replace(/[^A-Za-z0-9_-]/g, "_")}-${field}`;
}

/** The edition's optional add-ons, one fieldset per module: choose them and set their quantities. */
export function AddOnGroups({
  groups,
  issues,
  disabled,
  onToggle,
  onQuantity,
}: {
  groups: { module: string; lines: CalculatorLine[] }[];
  issues: PlacedIssues["lines"];
  disabled?: boolean;
  onToggle: (inventoryId: string, selected: boolean) => void;
  onQuantity: (inventoryId: string, quantity: string) => void;
}) {
  return (
    <section aria-labelledby="addons-heading" className="space-y-3">
      <div className="space-y-1">
        <h3 id="addons-heading" className="text-base font-semibold">
          Add-ons
        </h3>
        <p className="text-sm text-[var(--color-muted-foreground)]">
          Choose the modules you need. Quantities are whole numbers from {MIN_LINE_QUANTITY} to {MAX_LINE_QUANTITY.toLocaleString("en-US")}.
        </p>
      </div>
      {groups.length === 0 ? <p className="text-sm text-[var(--color-muted-foreground)]">This edition has no add-ons to choose.</p> : null}
      {groups.map((group) => (
        <fieldset key={group.module} className="min-w-0 space-y-1 rounded-lg border border-[var(--color-border)] p-3">
          <legend className="px-1 text-sm font-semibold">{group.module}</legend>
          {/* Fixed column widths: the price, quantity and total columns line up from group to group. */}
          <Table className="min-w-[32rem] table-fixed">
            <TableHeader>
              <TableRow>
                <TableHead>Add-on</TableHead>
                <TableHead className="w-28 text-right">Price</TableHead>
                <TableHead className="w-32">Quantity</TableHead>
                <TableHead className="w-28 text-right">Line total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {group.lines.map((line) => (
                <AddOnRow
                  key={line.row.inventory_id}
                  line={line}
                  issue={issues.get(line.row.inventory_id)}
                  disabled={disabled}
                  onToggle={onToggle}
                  onQuantity={onQuantity}
                />
              ))}
            </TableBody>
          </Table>
        </fieldset>
      ))}
    </section>
  );
}

function AddOnRow({
  line,
  issue,
  disabled,
  onToggle,
  onQuantity,
}: {
  line: CalculatorLine;
  issue: { field: "inventory_id" | "quantity"; message: string } | undefined;
  disabled?: boolean;
  onToggle: (inventoryId: string, selected: boolean) => void;
  onQuantity: (inventoryId: string, quantity: string) => void;
}) {
  const inventoryId = line.row.inventory_id;
  const label = itemLabel(line.row);
  const selectId = addOnFieldId(inventoryId, "select");
  const quantityId = addOnFieldId(inventoryId, "quantity");
  const selectError = issue?.field === "inventory_id" ? issue.message : undefined;
  const quantityError = line.error ?? (issue?.field === "quantity" ? issue.message : undefined);
  return (
    <TableRow data-testid="addon-row" data-inventory-id={inventoryId}>
      <TableCell>
        <div className="flex items-center gap-2">
          <Checkbox
            id={selectId}
            checked={line.selected}
            disabled={disabled}
            aria-invalid={selectError ? true : undefined}
            aria-describedby={selectError ? `${selectId}-error` : undefined}
            onChange={(event) => onToggle(inventoryId, event.target.checked)}
          />
          <label htmlFor={selectId} className="cursor-pointer">
            {label}
          </label>
        </div>
        {selectError ? (
          <p id={`${selectId}-error`} className="mt-1 text-sm text-[var(--color-destructive)]">
            {selectError}
          </p>
        ) : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatAmount(line.row.price_cents)}</TableCell>
      <TableCell>
        <label htmlFor={quantityId} className="sr-only">
          Quantity of {label}
        </label>
        <Input
          id={quantityId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="w-24"
          value={line.quantityText}
          disabled={disabled || !line.selected}
          aria-invalid={quantityError ? true : undefined}
          aria-describedby={quantityError ? `${quantityId}-error` : undefined}
          onChange={(event) => onQuantity(inventoryId, event.target.value)}
        />
        {quantityError ? (
          <p id={`${quantityId}-error`} className="mt-1 text-sm text-[var(--color-destructive)]">
            {quantityError}
          </p>
        ) : null}
      </TableCell>
      <TableCell className="text-right tabular-nums" data-testid="line-total">
        {line.lineTotalCents === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{line.selected ? "No total until the quantity is valid" : "Not chosen"}</span>
          </>
        ) : (
          formatAmount(line.lineTotalCents)
        )}
      </TableCell>
    </TableRow>
  );
}
