CREATE TABLE "rich_menu_defaults" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"line_rich_menu_id" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_menu_user_links" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"line_rich_menu_id" text NOT NULL,
	"rule" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rich_menu_user_links_rule_check" CHECK ("rich_menu_user_links"."rule" in ('action', 'tag', 'segment'))
);
--> statement-breakpoint
ALTER TABLE "rich_menus" ADD COLUMN "show_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD COLUMN "show_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD COLUMN "live_audience" jsonb;--> statement-breakpoint
ALTER TABLE "rich_menu_defaults" ADD CONSTRAINT "rich_menu_defaults_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_user_links" ADD CONSTRAINT "rich_menu_user_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_user_links" ADD CONSTRAINT "rich_menu_user_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_user_links" ADD CONSTRAINT "rich_menu_user_links_rich_menu_id_rich_menus_id_fk" FOREIGN KEY ("rich_menu_id") REFERENCES "public"."rich_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menu_user_links_account" ON "rich_menu_user_links" USING btree ("account_id","line_rich_menu_id");--> statement-breakpoint
-- Hand-written (decision 0300): menus already live keep their audience and publish time.
UPDATE "rich_menus" SET "live_audience" = "publish"->'audience', "published_at" = "updated_at" WHERE "state" = 'published' AND "line_rich_menu_id" IS NOT NULL;