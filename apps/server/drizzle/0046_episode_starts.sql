CREATE TABLE "episode_starts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"episode_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episode_starts" ADD CONSTRAINT "episode_starts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_starts" ADD CONSTRAINT "episode_starts_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_starts" ADD CONSTRAINT "episode_starts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episode_starts_key_uq" ON "episode_starts" USING btree ("account_id","key");--> statement-breakpoint
CREATE INDEX "episode_starts_started_idx" ON "episode_starts" USING btree ("started_at");