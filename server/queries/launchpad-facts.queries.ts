import { eq, sql } from "drizzle-orm";
import { readBusinessAspects } from "#common/domain/business-aspects";
import type { LaunchpadFlagFacts } from "#common/domain/launchpad";
import type { Queryable } from "#server/db/database";
import { newestBusinessAspectsSql } from "./business-aspects.queries.ts";
import { readJsonValue } from "#server/db/json-value";
import { dataConnections, moduleSubmissionStatus, ndas, organizations, pricingEstimates } from "#server/db/schema/index";

// Read by the launchpad (its readings and their recalculation) and by the dashboard and trial status.

export interface LaunchpadFactsRow extends LaunchpadFlagFacts {
  organizationName: string;
  /** The newest NDA's member signing time; null when there is none. */
  ndaSignedAt: Date | null;
}

/**
 * The organization's name and every fact the launchpad's readings and the trial need, in one
 * round trip. The subqueries compare with the id as a parameter: Drizzle leaves column names
 * unqualified inside sql``, where "id" would mean the subquery's own table.
 */
export async function selectLaunchpadFacts(db: Queryable, organizationId: string): Promise<LaunchpadFactsRow | undefined> {
  const newestNda = (column: typeof ndas.status | typeof ndas.memberSignedAt) =>
    sql`(select ${column} from ${ndas} where ${ndas.organizationId} = ${organizationId}
      order by ${ndas.createdAt} desc, ${ndas.updatedAt} desc limit 1)`;
  const exists = (table: typeof pricingEstimates | typeof dataConnections) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.organizationId} = ${organizationId})`.mapWith(Boolean);
  const [row] = await db
    .select({
      organizationName: organizations.organizationName,
      ndaStatus: newestNda(ndas.status).mapWith(ndas.status),
      ndaSignedAt: newestNda(ndas.memberSignedAt).mapWith(ndas.memberSignedAt),
      estimateExists: exists(pricingEstimates),
      dataConnectionExists: exists(dataConnections),
      configurationSubmitted: sql<boolean>`exists (select 1 from ${moduleSubmissionStatus}
        where ${moduleSubmissionStatus.organizationId} = ${organizationId} and ${moduleSubmissionStatus.isSubmitted})`.mapWith(Boolean),
      businessAspects: newestBusinessAspectsSql(organizationId),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) return undefined;
  return { ...(row as Omit<LaunchpadFactsRow, "businessAspects">), businessAspects: readBusinessAspects(readJsonValue(row.businessAspects)) };
}
