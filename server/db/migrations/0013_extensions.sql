CREATE TABLE "extension_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"extension_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"note" text,
	"plan_change" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_extensions" (
	"organization_id" uuid NOT NULL,
	"extension_id" text NOT NULL,
	"state" text NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone,
	"request_note" text,
	"request_entry_id" uuid,
	"activated_by" text,
	"activated_at" timestamp with time zone,
	"plan_change" text,
	"plan_change_estimate_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_extensions_organization_id_extension_id_pk" PRIMARY KEY("organization_id","extension_id"),
	CONSTRAINT "organization_extensions_state_known" CHECK ("organization_extensions"."state" in ('requested', 'active')),
	CONSTRAINT "organization_extensions_plan_change_known" CHECK ("organization_extensions"."plan_change" is null or "organization_extensions"."plan_change" in ('estimate', 'next_plan'))
);
--> statement-breakpoint
ALTER TABLE "extension_history" ADD CONSTRAINT "extension_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_history" ADD CONSTRAINT "extension_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_extensions" ADD CONSTRAINT "organization_extensions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_extensions" ADD CONSTRAINT "organization_extensions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_extensions" ADD CONSTRAINT "organization_extensions_request_entry_id_action_logs_id_fk" FOREIGN KEY ("request_entry_id") REFERENCES "public"."action_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_extensions" ADD CONSTRAINT "organization_extensions_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_extensions" ADD CONSTRAINT "organization_extensions_plan_change_estimate_id_prospects_pricing_header_id_fk" FOREIGN KEY ("plan_change_estimate_id") REFERENCES "public"."prospects_pricing_header"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extension_history_organization_idx" ON "extension_history" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "organization_extensions_state_idx" ON "organization_extensions" USING btree ("state");--> statement-breakpoint
-- Existing price lists gain the extensions' add-on lines for each SaaS edition they price, unless
-- the operator's catalog already has them (a new portal loads them from default-catalog.csv).
INSERT INTO "pricing_addons" ("inventory_id", "description", "module", "edition_id", "price", "sku_type", "license_type_id", "contract_type", "is_calculator_visible")
SELECT "ext"."inventory_id", "ext"."description", 'Extensions', "editions"."edition_id", "ext"."price", 'AddOn', 'SAAS', 'SP', true
FROM (SELECT DISTINCT "edition_id" FROM "pricing_addons" WHERE "license_type_id" = 'SAAS' AND "sku_type" = 'Base') AS "editions"
CROSS JOIN (VALUES
('EXT-DMD', 'Decision-maker Dashboard: readiness score, plan progress and a one-page board summary', 149.00),
('EXT-APA', 'AP Automation: vendor-bill intake, approval rules, matching and payment runs', 245.00),
('EXT-CTM', 'Container Management: container types, shipping lanes and landed-cost allocation', 195.00)
) AS "ext" ("inventory_id", "description", "price")
ON CONFLICT ("edition_id", "license_type_id", "inventory_id") DO NOTHING;
