CREATE TABLE "curriculum_video_files" (
	"topic_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curriculum_video_files_sha256_hex" CHECK ("curriculum_video_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "milestone_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"milestone_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor" text,
	"reason" text,
	"courses_complete" integer NOT NULL,
	"courses_total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_history_event_known" CHECK ("milestone_history"."event" in ('completed', 'completed_early', 'reopened'))
);
--> statement-breakpoint
ALTER TABLE "curriculum_video_files" ADD CONSTRAINT "curriculum_video_files_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_history" ADD CONSTRAINT "milestone_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_history" ADD CONSTRAINT "milestone_history_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_history" ADD CONSTRAINT "milestone_history_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_history_milestone_idx" ON "milestone_history" USING btree ("organization_id","milestone_id","created_at");