import { type SQL, sql } from "drizzle-orm";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import { configurationResponses } from "#server/db/schema/index";

/**
 * The organization's newest submitted business-aspects answer (its response_value), as a
 * subquery for a select list: the access rules and the launchpad's readings read the same answer.
 */
export function newestBusinessAspectsSql(organizationId: string): SQL<unknown> {
  return sql<unknown>`(select ${configurationResponses.responseValue} from ${configurationResponses}
    where ${configurationResponses.organizationId} = ${organizationId}
      and ${configurationResponses.questionId} = ${BUSINESS_ASPECTS_QUESTION_ID}
      and ${configurationResponses.submittedAt} is not null
    order by ${configurationResponses.submittedAt} desc, ${configurationResponses.version} desc,
      ${configurationResponses.createdAt} desc
    limit 1)`;
}
