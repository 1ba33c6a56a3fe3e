CREATE TABLE "friend_event_spans" (
	"account_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"times" timestamp with time zone[],
	CONSTRAINT "friend_event_spans_account_id_kind_ref_id_member_id_pk" PRIMARY KEY("account_id","kind","ref_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "friend_event_spans" ADD CONSTRAINT "friend_event_spans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_event_spans" ADD CONSTRAINT "friend_event_spans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0510): friend_event_spans kept from friend_events by statement triggers
-- with transition tables, so every writer (recordFriendEvents, the demo seed's backfill, a bench's
-- or a test's plain INSERT) keeps it in its own transaction. An insert is one grouped upsert:
-- per (account, kind, ref, friend) and per (account, kind, 0 = every ref, friend), the times
-- merged in order (appended when all are newer, the usual case); past 200 times (the btree
-- entry's size limit) `times` becomes null for good and a funnel reads that friend from the log.
-- A delete (the app never deletes events; a friend's or account's cascade, a test) recounts the
-- (friend, kind) pairs it touched.
CREATE FUNCTION "friend_event_spans_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO friend_event_spans AS s (account_id, member_id, kind, ref_id, first_at, last_at, times)
  SELECT e.account_id, e.member_id, e.kind, r.ref_id, min(e.occurred_at), max(e.occurred_at),
    CASE WHEN count(*) <= 200 THEN array_agg(e.occurred_at ORDER BY e.occurred_at) END
  FROM new_events e
  CROSS JOIN LATERAL (VALUES (0), (CASE WHEN e.ref_id > 0 THEN e.ref_id END)) r(ref_id)
  WHERE r.ref_id IS NOT NULL
  GROUP BY e.account_id, e.kind, r.ref_id, e.member_id
  ORDER BY e.account_id, e.kind, r.ref_id, e.member_id
  ON CONFLICT (account_id, kind, ref_id, member_id) DO UPDATE SET
    first_at = least(s.first_at, excluded.first_at),
    last_at = greatest(s.last_at, excluded.last_at),
    times = CASE
      WHEN s.times IS NULL OR excluded.times IS NULL
        OR cardinality(s.times) + cardinality(excluded.times) > 200 THEN NULL
      WHEN excluded.first_at >= s.last_at THEN s.times || excluded.times
      ELSE ARRAY(SELECT t FROM unnest(s.times || excluded.times) t ORDER BY t) END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "friend_event_spans_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM friend_event_spans s
  USING (SELECT DISTINCT account_id, member_id, kind FROM old_events) o
  WHERE s.account_id = o.account_id AND s.kind = o.kind AND s.member_id = o.member_id;
  INSERT INTO friend_event_spans (account_id, member_id, kind, ref_id, first_at, last_at, times)
  SELECT e.account_id, e.member_id, e.kind, r.ref_id, min(e.occurred_at), max(e.occurred_at),
    CASE WHEN count(*) <= 200 THEN array_agg(e.occurred_at ORDER BY e.occurred_at) END
  FROM friend_events e
  JOIN (SELECT DISTINCT account_id, member_id, kind FROM old_events) o
    ON o.account_id = e.account_id AND o.kind = e.kind AND o.member_id = e.member_id
  CROSS JOIN LATERAL (VALUES (0), (CASE WHEN e.ref_id > 0 THEN e.ref_id END)) r(ref_id)
  WHERE r.ref_id IS NOT NULL
  GROUP BY e.account_id, e.kind, r.ref_id, e.member_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "friend_event_spans_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM friend_event_spans;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "friend_event_spans_insert" AFTER INSERT ON "friend_events"
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION "friend_event_spans_add"();
--> statement-breakpoint
CREATE TRIGGER "friend_event_spans_delete" AFTER DELETE ON "friend_events"
  REFERENCING OLD TABLE AS old_events
  FOR EACH STATEMENT EXECUTE FUNCTION "friend_event_spans_recount"();
--> statement-breakpoint
CREATE TRIGGER "friend_event_spans_truncate" AFTER TRUNCATE ON "friend_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "friend_event_spans_clear"();
--> statement-breakpoint
-- Backfill: the log as it stands, so funnels keep counting history; the indexes after it.
INSERT INTO friend_event_spans (account_id, member_id, kind, ref_id, first_at, last_at, times)
SELECT e.account_id, e.member_id, e.kind, r.ref_id, min(e.occurred_at), max(e.occurred_at),
    CASE WHEN count(*) <= 200 THEN array_agg(e.occurred_at ORDER BY e.occurred_at) END
FROM friend_events e
CROSS JOIN LATERAL (VALUES (0), (CASE WHEN e.ref_id > 0 THEN e.ref_id END)) r(ref_id)
WHERE r.ref_id IS NOT NULL
GROUP BY e.account_id, e.kind, r.ref_id, e.member_id;
--> statement-breakpoint
CREATE INDEX "friend_event_spans_step_idx" ON "friend_event_spans" USING btree ("account_id","kind","ref_id","member_id","first_at","last_at","times");--> statement-breakpoint
CREATE INDEX "friend_event_spans_member_idx" ON "friend_event_spans" USING btree ("member_id");
--> statement-breakpoint
-- Statistics now (the planner reads each step as an index range); autovacuum sets the visibility map.
ANALYZE "friend_event_spans";
