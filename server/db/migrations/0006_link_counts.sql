ALTER TABLE "courses" ADD COLUMN "lesson_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "topic_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "question_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "courses" SET "lesson_count" = (SELECT count(*) FROM "course_lessons" WHERE "course_lessons"."course_id" = "courses"."id");--> statement-breakpoint
UPDATE "lessons" SET
  "topic_count" = (SELECT count(*) FROM "lesson_topics" WHERE "lesson_topics"."lesson_id" = "lessons"."id"),
  "question_count" = (SELECT count(*) FROM "lesson_questions" WHERE "lesson_questions"."lesson_id" = "lessons"."id");
