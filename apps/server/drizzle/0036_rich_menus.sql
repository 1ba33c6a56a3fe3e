CREATE TABLE "rich_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"chat_bar_text" text NOT NULL,
	"selected" boolean NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"image" "bytea",
	"image_content_type" text,
	"line_rich_menu_id" text,
	"line_alias_id" text,
	"publish" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rich_menus_state_check" CHECK ("rich_menus"."state" in ('draft', 'publishing', 'published', 'failed', 'replaced')),
	CONSTRAINT "rich_menus_image_type_check" CHECK (("rich_menus"."image" is null) = ("rich_menus"."image_content_type" is null))
);
--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menus_account_idx" ON "rich_menus" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_menus_alias_unique" ON "rich_menus" USING btree ("account_id","line_alias_id");