CREATE TABLE "configuration_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"response_value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launchpad_progress" (
	"organization_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"data_snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launchpad_progress_organization_id_page_id_pk" PRIMARY KEY("organization_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "launchpad_summaries" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"page_percent" integer NOT NULL,
	"flag_percent" integer NOT NULL,
	"recalculated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"menu_config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"menu_version" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_menu_exclusions" (
	"profile_id" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_menu_exclusions_profile_id_item_id_pk" PRIMARY KEY("profile_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "nda_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"template_version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"member_signer_id" text,
	"member_signer_name" text NOT NULL,
	"member_signer_title" text NOT NULL,
	"member_signer_email" text NOT NULL,
	"member_signed_at" timestamp with time zone NOT NULL,
	"provider_signer_id" text,
	"provider_signer_name" text,
	"provider_signer_title" text,
	"provider_signer_email" text,
	"provider_signed_at" timestamp with time zone,
	"document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"data_source_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'connected' NOT NULL,
	"connection_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_submission_status" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"is_submitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects_pricing_header" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"edition_id" text,
	"subscription_approved" boolean DEFAULT false NOT NULL,
	"total_monthly_price" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "configuration_responses" ADD CONSTRAINT "configuration_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_progress" ADD CONSTRAINT "launchpad_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_summaries" ADD CONSTRAINT "launchpad_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_menu_exclusions" ADD CONSTRAINT "user_menu_exclusions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_templates" ADD CONSTRAINT "nda_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndas" ADD CONSTRAINT "ndas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndas" ADD CONSTRAINT "ndas_member_signer_id_users_id_fk" FOREIGN KEY ("member_signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndas" ADD CONSTRAINT "ndas_provider_signer_id_users_id_fk" FOREIGN KEY ("provider_signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_connections" ADD CONSTRAINT "data_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_submission_status" ADD CONSTRAINT "module_submission_status_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD CONSTRAINT "prospects_pricing_header_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configuration_responses_org_question_idx" ON "configuration_responses" USING btree ("organization_id","question_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_versions_name_unique" ON "menu_versions" USING btree (lower("version_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "nda_templates_version_unique" ON "nda_templates" USING btree ("version");--> statement-breakpoint
CREATE INDEX "ndas_organization_id_created_at_idx" ON "ndas" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ndas_one_signed_per_organization" ON "ndas" USING btree ("organization_id") WHERE "ndas"."status" in ('signed-by-prospect', 'signed-by-all');--> statement-breakpoint
CREATE UNIQUE INDEX "unique_org_data_source" ON "data_connections" USING btree ("organization_id","data_source_id");--> statement-breakpoint
CREATE INDEX "prospects_pricing_header_org_idx" ON "prospects_pricing_header" USING btree ("organization_id","created_at");