import type { EstimateLine } from "#common/contracts/pricing-estimates";

/** What one estimate holds of one module: nothing, or its lines' quantity and total. */
export interface ModuleCell {
  included: boolean;
  lineCount: number;
  quantity: number;
  totalCents: number;
}

export interface ModuleRow {
  module: string;
  cells: ModuleCell[];
  /** Some estimate includes it and another does not, or they take different quantities or totals. */
  differs: boolean;
}

/** One row per module, one cell per estimate in the given order. */
export function compareModules(estimates: readonly { lines: readonly EstimateLine[] }[], modules: readonly string[]): ModuleRow[] {
  return modules.map((module) => {
    const cells = estimates.map((estimate) => {
      const lines = estimate.lines.filter((line) => line.module === module);
      return {
        included: lines.length > 0,
        lineCount: lines.length,
        quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
        totalCents: lines.reduce((sum, line) => sum + line.line_total_cents, 0),
      };
    });
    const [first] = cells;
    const differs = cells.some(
      (cell) => cell.included !== first?.included || cell.quantity !== first.quantity || cell.totalCents !== first.totalCents,
    );
    return { module, cells, differs };
  });
}
