-- The launchpad is the one source of the questions it already asks (common/domain/
-- launchpad-answers.ts): what organizations saved in Financial Setup and Timeline Planning is
-- recorded as those questions' next answer where it differs, as saving either page now does.
UPDATE "configuration_questions" SET "prompt" = 'What is the base (functional) currency of your books?'
  WHERE "key" = 'fin-base-currency' AND "prompt" = 'What is the base (functional) currency of each company?';
--> statement-breakpoint
WITH "pages" AS (
  SELECT o."organization_id",
    (SELECT p."data_snapshot" FROM "launchpad_progress" p
      WHERE p."organization_id" = o."organization_id" AND p."page_id" = 'financial-setup' AND jsonb_typeof(p."data_snapshot") = 'object') AS "d",
    (SELECT CASE WHEN t."data_snapshot"->>'go_live_date' ~ '^\d{4}-\d{2}-\d{2}$' THEN t."data_snapshot"->>'go_live_date' END
      FROM "launchpad_progress" t WHERE t."organization_id" = o."organization_id" AND t."page_id" = 'timeline-planning') AS "go_live"
  FROM (SELECT DISTINCT "organization_id" FROM "launchpad_progress" WHERE "page_id" IN ('financial-setup', 'timeline-planning')) o
), "facts" AS (
  SELECT "organization_id", "d", "go_live", coalesce("go_live"::date, current_date) AS "day",
    CASE WHEN "d"->>'fiscal_year_start_month' ~ '^([1-9]|1[0-2])$' THEN ("d"->>'fiscal_year_start_month')::int END AS "m"
  FROM "pages"
), "derived" AS (
  SELECT "organization_id", 'fin-number-of-companies' AS "key", 'number' AS "kind",
    CASE WHEN jsonb_typeof("d"->'entities') = 'array' AND jsonb_array_length("d"->'entities') > 0 THEN to_jsonb(jsonb_array_length("d"->'entities')) END AS "value"
  FROM "facts"
  UNION ALL
  SELECT "organization_id", 'fin-base-currency', 'text',
    CASE WHEN "d"->>'base_currency' ~ '^[A-Z]{3}$' THEN to_jsonb("d"->>'base_currency') END
  FROM "facts"
  UNION ALL
  SELECT "organization_id", 'fin-period-pattern', 'single_choice',
    CASE "d"->>'period_type'
      WHEN 'monthly' THEN to_jsonb('12 calendar months'::text)
      WHEN '4-4-5' THEN to_jsonb('4-4-5 weeks per quarter'::text)
      WHEN '4-5-4' THEN to_jsonb('4-5-4 weeks per quarter'::text)
      WHEN '5-4-4' THEN to_jsonb('5-4-4 weeks per quarter'::text)
      WHEN '13-periods' THEN to_jsonb('13 periods of 4 weeks'::text)
    END
  FROM "facts"
  UNION ALL
  SELECT "organization_id", 'fin-fiscal-year-start', 'date',
    CASE WHEN "m" IS NOT NULL THEN to_jsonb(to_char(make_date(
      extract(year FROM "day")::int - CASE WHEN extract(month FROM "day")::int < "m" THEN 1 ELSE 0 END, "m", 1), 'YYYY-MM-DD')) END
  FROM "facts"
  UNION ALL
  SELECT "organization_id", 'gen-target-go-live-date', 'date', to_jsonb("go_live") FROM "facts"
)
INSERT INTO "configuration_responses" ("organization_id", "question_id", "response_value", "version", "submitted_at")
SELECT d."organization_id", d."key", d."value", coalesce(l."version", 0) + 1, NULL
FROM "derived" d
JOIN "configuration_questions" q ON q."key" = d."key" AND q."kind" = d."kind"
LEFT JOIN LATERAL (
  SELECT r."version", r."response_value" FROM "configuration_responses" r
  WHERE r."organization_id" = d."organization_id" AND r."question_id" = d."key"
  ORDER BY r."version" DESC LIMIT 1
) l ON true
WHERE d."value" IS NOT NULL
  AND l."response_value" IS DISTINCT FROM d."value"
  AND (q."kind" <> 'single_choice' OR q."options" ? (d."value" #>> '{}'));
