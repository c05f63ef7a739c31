CREATE TABLE "pricing_addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_id" text NOT NULL,
	"description" text NOT NULL,
	"module" text NOT NULL,
	"edition_id" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sku_type" text NOT NULL,
	"license_type_id" text NOT NULL,
	"contract_type" text NOT NULL,
	"is_calculator_visible" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_addons_price_not_negative" CHECK ("pricing_addons"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prospects_pricing_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"estimate_id" uuid NOT NULL,
	"estimate_name" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"total_monthly_price" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects_pricing_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"header_id" uuid NOT NULL,
	"inventory_id" text NOT NULL,
	"module" text NOT NULL,
	"description" text,
	"sku_type" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "prospects_pricing_details_quantity_positive" CHECK ("prospects_pricing_details"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "name" text DEFAULT 'Estimate' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "license_type_id" text DEFAULT 'SAAS' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "source" text DEFAULT 'calculator' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "is_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects_pricing_history" ADD CONSTRAINT "prospects_pricing_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects_pricing_history" ADD CONSTRAINT "prospects_pricing_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects_pricing_details" ADD CONSTRAINT "prospects_pricing_details_header_id_prospects_pricing_header_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."prospects_pricing_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_addons_item_unique" ON "pricing_addons" USING btree ("edition_id","license_type_id","inventory_id");--> statement-breakpoint
CREATE INDEX "prospects_pricing_history_org_idx" ON "prospects_pricing_history" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_pricing_details_item_unique" ON "prospects_pricing_details" USING btree ("header_id","inventory_id");--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD CONSTRAINT "prospects_pricing_header_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD CONSTRAINT "prospects_pricing_header_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD CONSTRAINT "prospects_pricing_header_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_pricing_header_one_primary" ON "prospects_pricing_header" USING btree ("organization_id") WHERE "prospects_pricing_header"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_pricing_header_one_locked" ON "prospects_pricing_header" USING btree ("organization_id") WHERE "prospects_pricing_header"."is_locked";--> statement-breakpoint
ALTER TABLE "prospects_pricing_header" ADD CONSTRAINT "prospects_pricing_header_locked_is_primary" CHECK (not "prospects_pricing_header"."is_locked" or "prospects_pricing_header"."is_primary");