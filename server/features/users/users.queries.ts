import { sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { users } from "#server/db/schema/index";

export async function selectUserCount(db: Queryable): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}
