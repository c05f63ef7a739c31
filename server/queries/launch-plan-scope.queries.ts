import { and, eq, sql } from "drizzle-orm";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import type { PlanScopeFacts } from "#common/domain/launch-plan-scope";
import type { Queryable } from "#server/db/database";
import { readJsonValue } from "#server/db/json-value";
import { configurationResponses, milestoneOrganizations, milestones, organizations, pricingEstimateLines, pricingEstimates } from "#server/db/schema/index";

// What decides which milestones and courses an organization's plan holds (common/domain/
// launch-plan-scope.ts), read by the launch plan and by the configuration questionnaire.

// Aliased and qualified by hand: inside a subquery Drizzle writes columns unqualified.
function estimateModulesSql(organizationId: string, which: "locked" | "primary") {
  const condition = which === "locked" ? sql`e.is_locked` : sql`e.is_primary`;
  return sql`(select coalesce(json_agg(distinct l.module) filter (where l.module is not null), '[]'::json)
    from ${pricingEstimates} e
    left join ${pricingEstimateLines} l on l.header_id = e.id and l.status = 'active'
    where e.organization_id = ${organizationId} and ${condition}
    group by e.id)`;
}

function moduleList(value: unknown): string[] | null {
  const parsed = readJsonValue(value);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : null;
}

/** The scope's facts in one statement. */
export async function selectPlanScopeFacts(db: Queryable, organizationId: string): Promise<PlanScopeFacts> {
  const [row] = await db
    .select({
      lockedModules: sql<unknown>`${estimateModulesSql(organizationId, "locked")}`,
      primaryModules: sql<unknown>`${estimateModulesSql(organizationId, "primary")}`,
      businessAspects: sql<unknown>`(select r.response_value from ${configurationResponses} r
        where r.organization_id = ${organizationId} and r.question_id = ${BUSINESS_ASPECTS_QUESTION_ID} and r.submitted_at is not null
        order by r.submitted_at desc limit 1)`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return {
    lockedEstimateModules: moduleList(row?.lockedModules ?? null),
    primaryEstimateModules: moduleList(row?.primaryModules ?? null),
    businessAspects: readJsonValue(row?.businessAspects ?? null),
  };
}

export interface MilestoneScopeRow {
  id: string;
  title: string;
  position: number | null;
  modules: string[];
  override: "include" | "exclude" | null;
  /** This organization's completion status ("not_started" when it has no row). */
  status: string;
}

/** Every milestone's modules with this organization's override and completion, if any. */
export function selectMilestoneScopeRows(db: Queryable, organizationId: string): Promise<MilestoneScopeRow[]> {
  return db
    .select({
      id: milestones.id,
      title: milestones.title,
      position: milestones.position,
      modules: milestones.modules,
      override: sql<"include" | "exclude" | null>`${milestoneOrganizations.planOverride}`,
      status: sql<string>`coalesce(${milestoneOrganizations.completionStatus}, 'not_started')`,
    })
    .from(milestones)
    .leftJoin(milestoneOrganizations, and(eq(milestoneOrganizations.milestoneId, milestones.id), eq(milestoneOrganizations.organizationId, organizationId)));
}
