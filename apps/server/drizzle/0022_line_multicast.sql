ALTER TABLE "line_pushes" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "member_ids" integer[];--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "render_aliases" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_one_or_many" CHECK (("line_pushes"."member_id" is null) <> ("line_pushes"."member_ids" is null)
        and ("line_pushes"."member_ids" is null or cardinality("line_pushes"."member_ids") between 1 and 500)
        and not ("line_pushes"."render_aliases" and "line_pushes"."member_ids" is not null));