const COUNT = new Intl.NumberFormat("en-US");

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** "1 row", "1,234 rows". */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}
