CREATE TABLE "configuration_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"prompt" text NOT NULL,
	"help" text,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"module" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configuration_questions_kind_known" CHECK ("configuration_questions"."kind" in ('single_choice', 'multiple_choice', 'text', 'number', 'date', 'yes_no'))
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "course_lessons_course_id_lesson_id_pk" PRIMARY KEY("course_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_sidebar" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_questions" (
	"lesson_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lesson_questions_lesson_id_question_id_pk" PRIMARY KEY("lesson_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_topics" (
	"lesson_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lesson_topics_lesson_id_topic_id_pk" PRIMARY KEY("lesson_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_courses" (
	"milestone_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "milestone_courses_milestone_id_course_id_pk" PRIMARY KEY("milestone_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer,
	"prerequisite_milestone_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"time_estimate" text,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_questions" (
	"topic_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "topic_questions_topic_id_question_id_pk" PRIMARY KEY("topic_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"body_markdown" text,
	"video_url" text,
	"video_file" text,
	"duration_minutes" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topics_type_known" CHECK ("topics"."type" in ('reading', 'video', 'activity', 'survey'))
);
--> statement-breakpoint
CREATE TABLE "milestone_organizations" (
	"organization_id" uuid NOT NULL,
	"milestone_id" uuid NOT NULL,
	"completion_status" text DEFAULT 'not_started' NOT NULL,
	"completed_at" timestamp with time zone,
	"plan_override" text,
	"override_by" text,
	"override_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_organizations_organization_id_milestone_id_pk" PRIMARY KEY("organization_id","milestone_id"),
	CONSTRAINT "milestone_organizations_status_known" CHECK ("milestone_organizations"."completion_status" in ('not_started', 'in_progress', 'completed')),
	CONSTRAINT "milestone_organizations_override_known" CHECK ("milestone_organizations"."plan_override" is null or "milestone_organizations"."plan_override" in ('include', 'exclude'))
);
--> statement-breakpoint
CREATE TABLE "user_course_progress" (
	"organization_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"completion_status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_course_progress_organization_id_profile_id_course_id_pk" PRIMARY KEY("organization_id","profile_id","course_id"),
	CONSTRAINT "user_course_progress_status_known" CHECK ("user_course_progress"."completion_status" in ('not_started', 'in_progress', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "user_topic_progress" (
	"organization_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"topic_id" uuid NOT NULL,
	"completion_status" text NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_topic_progress_organization_id_profile_id_topic_id_pk" PRIMARY KEY("organization_id","profile_id","topic_id"),
	CONSTRAINT "user_topic_progress_status_known" CHECK ("user_topic_progress"."completion_status" in ('in_progress', 'complete'))
);
--> statement-breakpoint
-- Submissions become per module. A submission made before carried no module: it is kept as
-- "General", so the launchpad's "configuration complete" flag reads the same after the upgrade.
ALTER TABLE "module_submission_status" DROP CONSTRAINT "module_submission_status_pkey";--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD COLUMN "module" text NOT NULL DEFAULT 'General';--> statement-breakpoint
ALTER TABLE "module_submission_status" ALTER COLUMN "module" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD CONSTRAINT "module_submission_status_organization_id_module_pk" PRIMARY KEY("organization_id","module");--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD COLUMN "reopened_by" text;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD COLUMN "reopen_reason" text;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_questions" ADD CONSTRAINT "lesson_questions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_questions" ADD CONSTRAINT "lesson_questions_question_id_configuration_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."configuration_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_topics" ADD CONSTRAINT "lesson_topics_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_topics" ADD CONSTRAINT "lesson_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_courses" ADD CONSTRAINT "milestone_courses_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_courses" ADD CONSTRAINT "milestone_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_questions" ADD CONSTRAINT "topic_questions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_questions" ADD CONSTRAINT "topic_questions_question_id_configuration_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."configuration_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_organizations" ADD CONSTRAINT "milestone_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_organizations" ADD CONSTRAINT "milestone_organizations_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_organizations" ADD CONSTRAINT "milestone_organizations_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_progress" ADD CONSTRAINT "user_course_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_progress" ADD CONSTRAINT "user_course_progress_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_progress" ADD CONSTRAINT "user_course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_progress" ADD CONSTRAINT "user_topic_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_progress" ADD CONSTRAINT "user_topic_progress_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_progress" ADD CONSTRAINT "user_topic_progress_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "configuration_questions_key_unique" ON "configuration_questions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "course_lessons_lesson_idx" ON "course_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_key_unique" ON "courses" USING btree ("key");--> statement-breakpoint
CREATE INDEX "lesson_questions_question_idx" ON "lesson_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "lesson_topics_topic_idx" ON "lesson_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_key_unique" ON "lessons" USING btree ("key");--> statement-breakpoint
CREATE INDEX "milestone_courses_course_idx" ON "milestone_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_key_unique" ON "milestones" USING btree ("key");--> statement-breakpoint
CREATE INDEX "topic_questions_question_idx" ON "topic_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_key_unique" ON "topics" USING btree ("key");--> statement-breakpoint
CREATE INDEX "user_course_progress_course_idx" ON "user_course_progress" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "user_topic_progress_topic_idx" ON "user_topic_progress" USING btree ("topic_id");--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD CONSTRAINT "module_submission_status_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD CONSTRAINT "module_submission_status_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;