CREATE TABLE "migration_datasets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"staged_by" text,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_comment" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "migration_datasets_status_known" CHECK ("migration_datasets"."status" in ('staged', 'loaded', 'rejected')),
	CONSTRAINT "migration_datasets_row_count_positive" CHECK ("migration_datasets"."row_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "migration_staged_rows" (
	"dataset_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"row_key" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "migration_staged_rows_dataset_id_line_pk" PRIMARY KEY("dataset_id","line")
);
--> statement-breakpoint
CREATE TABLE "migration_upload_reports" (
	"organization_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"file_name" text NOT NULL,
	"outcome" text NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"error_rows" integer NOT NULL,
	"issue_count" integer NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missing_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "migration_upload_reports_organization_id_entity_pk" PRIMARY KEY("organization_id","entity"),
	CONSTRAINT "migration_upload_reports_outcome_known" CHECK ("migration_upload_reports"."outcome" in ('staged', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "data_connections" ADD COLUMN "last_tested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_connections" ADD COLUMN "last_test_error" text;--> statement-breakpoint
ALTER TABLE "data_connections" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "data_connections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "migration_datasets" ADD CONSTRAINT "migration_datasets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_datasets" ADD CONSTRAINT "migration_datasets_staged_by_users_id_fk" FOREIGN KEY ("staged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_datasets" ADD CONSTRAINT "migration_datasets_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_staged_rows" ADD CONSTRAINT "migration_staged_rows_dataset_id_migration_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."migration_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_staged_rows" ADD CONSTRAINT "migration_staged_rows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_upload_reports" ADD CONSTRAINT "migration_upload_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_upload_reports" ADD CONSTRAINT "migration_upload_reports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "migration_datasets_org_entity" ON "migration_datasets" USING btree ("organization_id","entity");--> statement-breakpoint
CREATE INDEX "migration_datasets_updated_idx" ON "migration_datasets" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "migration_staged_rows_key" ON "migration_staged_rows" USING btree ("dataset_id","row_key");--> statement-breakpoint
CREATE INDEX "migration_staged_rows_org_idx" ON "migration_staged_rows" USING btree ("organization_id","dataset_id");--> statement-breakpoint
ALTER TABLE "data_connections" ADD CONSTRAINT "data_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_connections" ADD CONSTRAINT "data_connections_status_known" CHECK ("data_connections"."status" in ('connected', 'error', 'disconnected'));