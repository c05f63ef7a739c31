CREATE TABLE "content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"mission_id" uuid NOT NULL,
	"parent_id" uuid,
	"is_folder" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_path" text,
	"file_name" text,
	"file_size" bigint,
	"content_type" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_file_or_folder" CHECK (("content"."is_folder" and "content"."file_path" is null and "content"."file_size" is null) or (not "content"."is_folder" and "content"."file_path" is not null and "content"."file_size" is not null)),
	CONSTRAINT "content_not_own_parent" CHECK ("content"."parent_id" is null or "content"."parent_id" <> "content"."id")
);
--> statement-breakpoint
CREATE TABLE "entity_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"attached_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"end_date" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_mission_id_member_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."member_missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_parent_id_content_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_attachments" ADD CONSTRAINT "entity_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_attachments" ADD CONSTRAINT "entity_attachments_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_attachments" ADD CONSTRAINT "entity_attachments_attached_by_users_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_missions" ADD CONSTRAINT "member_missions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_missions" ADD CONSTRAINT "member_missions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_title_unique_per_folder" ON "content" USING btree ("mission_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("title"));--> statement-breakpoint
CREATE INDEX "content_folder_idx" ON "content" USING btree ("organization_id","mission_id","parent_id");--> statement-breakpoint
CREATE INDEX "content_parent_idx" ON "content" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_attachments_once" ON "entity_attachments" USING btree ("organization_id","entity_type","entity_id","content_id");--> statement-breakpoint
CREATE INDEX "entity_attachments_content_idx" ON "entity_attachments" USING btree ("content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_missions_one_current" ON "member_missions" USING btree ("organization_id") WHERE "member_missions"."end_date" is null;--> statement-breakpoint
CREATE INDEX "member_missions_organization_idx" ON "member_missions" USING btree ("organization_id","created_at");