import type { World } from "#tests/tenant-matrix-rows";

/** Who calls each route in the matrix: nobody, a member of A, the employee naming A, a member of B naming A. */
export const CALLERS = ["anonymous", "memberA", "employeeNamingA", "memberBNamingA"] as const;
export type CallerKind = (typeof CALLERS)[number];

/** What a row's setup prepared in its world under `name`; a row that forgot fails with the name. */
export function fixture(world: World, name: string): string {
  const value = world.fixtures[name];
  if (value === undefined) throw new Error(`the row's setup prepared no ${name}`);
  return value;
}
