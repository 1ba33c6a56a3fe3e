CREATE TABLE "episode_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"order" integer NOT NULL,
	"anchor" text NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"at_time" text,
	"template_id" integer,
	"add_tag_ids" integer[] DEFAULT '{}' NOT NULL,
	"remove_tag_ids" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "episode_steps_anchor_check" CHECK ("episode_steps"."anchor" in ('booked', 'visit', 'followed'))
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"hid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_episodes" (
	"salon_id" integer PRIMARY KEY NOT NULL,
	"episode_id" integer,
	"follow_id" integer,
	"episode_since" timestamp with time zone,
	"follow_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "episode_steps" ADD CONSTRAINT "episode_steps_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_steps" ADD CONSTRAINT "episode_steps_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_episodes" ADD CONSTRAINT "salon_episodes_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_episodes" ADD CONSTRAINT "salon_episodes_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_episodes" ADD CONSTRAINT "salon_episodes_follow_id_episodes_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_steps_episode_idx" ON "episode_steps" USING btree ("episode_id","order");--> statement-breakpoint
CREATE INDEX "episodes_account_idx" ON "episodes" USING btree ("account_id","id");