CREATE TABLE "action_log_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"action_log_id" uuid NOT NULL,
	"author" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_log_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_log_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"action_log_id" uuid NOT NULL,
	"actor" text,
	"event" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_log_type_definitions" (
	"action_log_type" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"assigned_to" text,
	"status" text DEFAULT 'Open' NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"action_log_type" text DEFAULT 'Task' NOT NULL,
	"action_log_category" text DEFAULT 'System' NOT NULL,
	"impact_level" text DEFAULT 'Medium' NOT NULL,
	"likelihood" text,
	"action_log_phase" uuid,
	"platform" text DEFAULT 'Member Portal' NOT NULL,
	"resolution_notes" text,
	"due_date" date,
	"help_type" text,
	"source_page" text,
	"source_browser" text,
	"creator" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("description", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"action_log_id" uuid,
	"actor" text,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 1 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_job_runs_job_run_key_pk" PRIMARY KEY("job","run_key")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "action_log_comments" ADD CONSTRAINT "action_log_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_comments" ADD CONSTRAINT "action_log_comments_action_log_id_action_logs_id_fk" FOREIGN KEY ("action_log_id") REFERENCES "public"."action_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_comments" ADD CONSTRAINT "action_log_comments_author_users_id_fk" FOREIGN KEY ("author") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_counters" ADD CONSTRAINT "action_log_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_history" ADD CONSTRAINT "action_log_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_history" ADD CONSTRAINT "action_log_history_action_log_id_action_logs_id_fk" FOREIGN KEY ("action_log_id") REFERENCES "public"."action_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_history" ADD CONSTRAINT "action_log_history_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_log_type_definitions" ADD CONSTRAINT "action_log_type_definitions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_logs" ADD CONSTRAINT "action_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_logs" ADD CONSTRAINT "action_logs_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_logs" ADD CONSTRAINT "action_logs_action_log_phase_milestones_id_fk" FOREIGN KEY ("action_log_phase") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_logs" ADD CONSTRAINT "action_logs_creator_users_id_fk" FOREIGN KEY ("creator") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_action_log_id_action_logs_id_fk" FOREIGN KEY ("action_log_id") REFERENCES "public"."action_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_log_comments_entry_idx" ON "action_log_comments" USING btree ("action_log_id","created_at");--> statement-breakpoint
CREATE INDEX "action_log_history_entry_idx" ON "action_log_history" USING btree ("action_log_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "action_logs_number_per_organization" ON "action_logs" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "action_logs_organization_created_idx" ON "action_logs" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "action_logs_organization_type_status_idx" ON "action_logs" USING btree ("organization_id","action_log_type","status");--> statement-breakpoint
CREATE INDEX "action_logs_assignee_due_idx" ON "action_logs" USING btree ("assigned_to","due_date");--> statement-breakpoint
CREATE INDEX "action_logs_search_idx" ON "action_logs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
INSERT INTO "action_log_type_definitions" ("action_log_type", "description", "fields") VALUES
('Task', 'Work someone must do before go-live, with an owner and a due date.', '["description","assigned_to","due_date","priority","action_log_phase"]'::jsonb),
('Issue', 'Something that is wrong or in the way now and must be fixed; resolved with a note saying how.', '["description","assigned_to","due_date","priority","impact_level","action_log_category","action_log_phase","resolution_notes"]'::jsonb),
('Decision', 'A choice the project must make; the decision is recorded with its date when it is taken.', '["description","assigned_to","due_date","action_log_phase","resolution_notes"]'::jsonb),
('Risk', 'Something that may go wrong, scored by likelihood and impact; resolved with its outcome.', '["description","assigned_to","due_date","impact_level","likelihood","action_log_phase","resolution_notes"]'::jsonb),
('Open Request', 'Information or access the project is waiting for from someone.', '["description","assigned_to","due_date","priority","action_log_category"]'::jsonb),
('Error/Bug', 'A fault reported through Get Expert Help, with the page and browser it was raised from.', '["description","assigned_to","priority","impact_level","platform","resolution_notes"]'::jsonb),
('Question / Request for Help', 'A question or a request for help sent through Get Expert Help.', '["description","assigned_to","priority","platform","resolution_notes"]'::jsonb);
