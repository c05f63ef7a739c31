CREATE TABLE "extension_workspace_imports" (
	"organization_id" uuid NOT NULL,
	"extension_id" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"type_codes" text[] NOT NULL,
	"port_codes" text[] NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extension_workspace_imports_organization_id_extension_id_pk" PRIMARY KEY("organization_id","extension_id"),
	CONSTRAINT "extension_workspace_imports_extension_known" CHECK ("extension_workspace_imports"."extension_id" = 'container-management'),
	CONSTRAINT "extension_workspace_imports_row_count_positive" CHECK ("extension_workspace_imports"."row_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "extension_workspaces" (
	"organization_id" uuid NOT NULL,
	"extension_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"reopened_by" text,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extension_workspaces_organization_id_extension_id_pk" PRIMARY KEY("organization_id","extension_id"),
	CONSTRAINT "extension_workspaces_extension_known" CHECK ("extension_workspaces"."extension_id" in ('ap-automation', 'container-management')),
	CONSTRAINT "extension_workspaces_status_known" CHECK ("extension_workspaces"."status" in ('draft', 'submitted'))
);
--> statement-breakpoint
ALTER TABLE "extension_workspace_imports" ADD CONSTRAINT "extension_workspace_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_workspace_imports" ADD CONSTRAINT "extension_workspace_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_workspaces" ADD CONSTRAINT "extension_workspaces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_workspaces" ADD CONSTRAINT "extension_workspaces_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_workspaces" ADD CONSTRAINT "extension_workspaces_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_workspaces" ADD CONSTRAINT "extension_workspaces_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;