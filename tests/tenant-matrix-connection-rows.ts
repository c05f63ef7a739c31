import type { Runtime } from "#server/runtime";
import type { MatrixEntry } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the data-connection routes, merged into the matrix by
 * tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the other at
 * load time.
 */
export function connectionMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  void runtime;
  return {};
}
