import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { profiles, users } from "#server/db/schema/index";

type NamePart = AnyColumn | SQL;

/**
 * A person as the portal names them: the profile's full name, else the account's name, else its
 * email. The profile and the account come joined by the caller (the tables themselves, aliases of
 * them, or a raw subquery's columns); through a left join the name is null once the person is gone.
 */
export function personNameSql<T extends string | null = string | null>(
  columns: { fullName: NamePart; name: NamePart; email: NamePart } = { fullName: profiles.fullName, name: users.name, email: users.email },
): SQL<T> {
  return sql<T>`coalesce(nullif(trim(${columns.fullName}), ''), nullif(trim(${columns.name}), ''), ${columns.email})`;
}
