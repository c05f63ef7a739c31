import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { configurationQuestions, configurationResponses, lessonQuestions, moduleSubmissionStatus, topicQuestions } from "#server/db/schema/index";

/**
 * The keys of the questions the organization has answered: the newest version of each answer
 * holds a value (a cleared answer is stored as JSON null).
 */
export function answeredQuestionKeysSql(organizationId: string): SQL {
  return sql`select r.question_id from ${configurationResponses} r
    where r.organization_id = ${organizationId} and r.response_value <> 'null'::jsonb
      and r.version = (select max(r2.version) from ${configurationResponses} r2
        where r2.organization_id = r.organization_id and r2.question_id = r.question_id)`;
}

export interface QuestionWithAnswerRow {
  key: string;
  prompt: string;
  help: string | null;
  kind: string;
  options: string[];
  required: boolean;
  module: string;
  answer: unknown;
  readOnly: boolean;
}

// Qualified by hand: inside a subquery an unqualified "module" would name the subquery's own column.
const QUESTION_KEY = sql.raw(`"configuration_questions"."key"`);
const QUESTION_MODULE = sql.raw(`"configuration_questions"."module"`);

function questionWithAnswerFields(organizationId: string) {
  return {
    key: configurationQuestions.key,
    prompt: configurationQuestions.prompt,
    help: configurationQuestions.help,
    kind: configurationQuestions.kind,
    options: configurationQuestions.options,
    required: configurationQuestions.required,
    module: configurationQuestions.module,
    answer: sql<unknown>`(select r.response_value from ${configurationResponses} r
      where r.organization_id = ${organizationId} and r.question_id = ${QUESTION_KEY}
      order by r.version desc limit 1)`,
    readOnly: sql<boolean>`exists (select 1 from ${moduleSubmissionStatus} m
      where m.organization_id = ${organizationId} and m.module = ${QUESTION_MODULE} and m.is_submitted)`.mapWith(Boolean),
  };
}

// The drivers hand jsonb back parsed, except a JSON string scalar some return as text: read both.
function decodeAnswer(row: QuestionWithAnswerRow): QuestionWithAnswerRow {
  return { ...row, answer: row.answer === undefined ? null : row.answer };
}

export async function selectLessonQuestions(db: Queryable, organizationId: string, lessonId: string): Promise<QuestionWithAnswerRow[]> {
  const rows = await db
    .select(questionWithAnswerFields(organizationId))
    .from(lessonQuestions)
    .innerJoin(configurationQuestions, eq(configurationQuestions.id, lessonQuestions.questionId))
    .where(eq(lessonQuestions.lessonId, lessonId))
    .orderBy(asc(lessonQuestions.position));
  return rows.map(decodeAnswer);
}

export async function selectTopicQuestions(db: Queryable, organizationId: string, topicId: string): Promise<QuestionWithAnswerRow[]> {
  const rows = await db
    .select(questionWithAnswerFields(organizationId))
    .from(topicQuestions)
    .innerJoin(configurationQuestions, eq(configurationQuestions.id, topicQuestions.questionId))
    .where(eq(topicQuestions.topicId, topicId))
    .orderBy(asc(topicQuestions.position));
  return rows.map(decodeAnswer);
}
