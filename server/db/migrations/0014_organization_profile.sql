CREATE TABLE "organization_profiles" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text,
	"registered_address" jsonb,
	"billing_address" jsonb,
	"tax_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"industry" text,
	"company_size" text,
	"logo_key" text,
	"logo_content_type" text,
	"logo_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_profiles_logo_whole" CHECK (("organization_profiles"."logo_key" is null) = ("organization_profiles"."logo_content_type" is null) and ("organization_profiles"."logo_key" is null) = ("organization_profiles"."logo_size" is null))
);
--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;