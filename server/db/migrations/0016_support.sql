CREATE TABLE "support_faq" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"body_markdown" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_faq_single_row" CHECK ("support_faq"."singleton")
);
--> statement-breakpoint
CREATE TABLE "support_settings" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"contacts" jsonb NOT NULL,
	"support_hours" text NOT NULL,
	"time_zone" text NOT NULL,
	"first_response_hours" integer NOT NULL,
	"response_promise" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_settings_single_row" CHECK ("support_settings"."singleton")
);
