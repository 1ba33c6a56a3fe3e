CREATE TABLE "notification_counts" (
	"notification_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"friends" integer NOT NULL,
	CONSTRAINT "notification_counts_notification_id_shard_state_reason_pk" PRIMARY KEY("notification_id","shard","state","reason")
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0225): the settled friends of each お知らせ, kept as its pushes settle.
-- One statement trigger with transition tables: a settlement (or any update of line_pushes)
-- costs one grouped upsert, and nothing when it settles no お知らせ's push. A push leaving
-- queued/sending adds its friends to (state, reason); one moved back (or re-settled) takes them
-- off its old (state, reason). Pushes are always inserted queued, so inserts need no trigger.
-- A fan-out row's 'expanded' is not an outcome: its per-friend pushes are counted (0226).
CREATE FUNCTION "notification_counts_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE notification_id IS NOT NULL AND state NOT IN ('queued', 'sending', 'expanded'))
     AND NOT EXISTS (SELECT 1 FROM old_rows WHERE notification_id IS NOT NULL AND state NOT IN ('queued', 'sending', 'expanded')) THEN
    RETURN NULL;
  END IF;
  INSERT INTO notification_counts AS c (notification_id, shard, state, reason, friends)
  SELECT d.notification_id, d.shard, d.state, d.reason, sum(d.friends)::int
  FROM (
    SELECT n.notification_id, (n.id % 8)::int AS shard, n.state, n.reason,
      coalesce(cardinality(n.member_ids), 1) AS friends
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.notification_id IS NOT NULL AND n.state NOT IN ('queued', 'sending', 'expanded')
      AND (o.state, o.reason) IS DISTINCT FROM (n.state, n.reason)
    UNION ALL
    SELECT o.notification_id, (o.id % 8)::int, o.state, o.reason,
      -coalesce(cardinality(o.member_ids), 1)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.notification_id IS NOT NULL AND o.state NOT IN ('queued', 'sending', 'expanded')
      AND (o.state, o.reason) IS DISTINCT FROM (n.state, n.reason)
  ) d
  GROUP BY d.notification_id, d.shard, d.state, d.reason
  ON CONFLICT (notification_id, shard, state, reason)
  DO UPDATE SET friends = c.friends + excluded.friends;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "line_pushes_notification_counts" AFTER UPDATE ON "line_pushes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_settled"();
--> statement-breakpoint
-- Backfill: the pushes already settled.
INSERT INTO notification_counts (notification_id, shard, state, reason, friends)
SELECT notification_id, (id % 8)::int, state, reason, sum(coalesce(cardinality(member_ids), 1))::int
FROM line_pushes
WHERE notification_id IS NOT NULL AND state NOT IN ('queued', 'sending', 'expanded')
GROUP BY notification_id, (id % 8)::int, state, reason;
