CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"messages" jsonb NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_kind_check" CHECK ("message_templates"."kind" in ('standard', 'flex')),
	CONSTRAINT "message_templates_messages_check" CHECK (jsonb_typeof("message_templates"."messages") = 'array' and jsonb_array_length("message_templates"."messages") between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "template_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_group_id_template_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."template_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_groups" ADD CONSTRAINT "template_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_templates_account_group_idx" ON "message_templates" USING btree ("account_id","group_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "template_groups_name_per_account" ON "template_groups" USING btree ("account_id","name");