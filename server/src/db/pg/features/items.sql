-- The item write path: a new item is placed last in its section by the database, and the group
-- commit's item inserts (src/db/pg/statements/items.ts, docs/database.md "Group commit").
-- The source of truth for these functions and triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
CREATE OR REPLACE FUNCTION cadence_place_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7349127, NEW.user_id);
  PERFORM cadence_bump(NEW.user_id);
  UPDATE section_items
  SET sort_order = (SELECT coalesce(max(sort_order), -1) + 1 FROM section_items WHERE section_id = NEW.section_id)
  WHERE id = NEW.id AND sort_order < 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_create_items(sids integer[], uids integer[], contents text[], pids integer[], itypes text[], mids integer[], type_for text[])
RETURNS TABLE (ord bigint, created json) LANGUAGE sql AS $$
  SELECT * FROM cadence_create_items(sids, uids, contents, pids, itypes, mids, type_for, NULL, NULL, NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_create_items(sids integer[], uids integer[], contents text[], pids integer[], itypes text[], mids integer[], type_for text[], sessions_checked text[], expires_after text[], seen_on text[])
RETURNS TABLE (ord bigint, created json) LANGUAGE plpgsql AS $$
DECLARE
  ids regclass := pg_get_serial_sequence('section_items', 'id')::regclass;
BEGIN
  PERFORM 1 FROM report_sections WHERE id = ANY (sids) ORDER BY id FOR NO KEY UPDATE;
  RETURN QUERY
  WITH x AS (
    SELECT * FROM unnest(sids, uids, contents, pids, itypes, mids, type_for, sessions_checked, expires_after, seen_on)
      WITH ORDINALITY AS x(sid, uid, body, pid, itype, mid, tf, sess, after, seen, n)
  ), allowed AS (
    SELECT x.*, s.section_type, r.week_start_date,
      (SELECT weekly_start_day FROM user_settings WHERE user_id = x.uid) AS start_day
    FROM x
    JOIN report_sections s ON s.id = x.sid AND s.user_id = x.uid
    JOIN reports r ON r.id = s.report_id
    WHERE (x.pid IS NULL OR EXISTS (SELECT 1 FROM projects p WHERE p.id = x.pid AND p.user_id = x.uid))
      AND (x.mid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.id = x.mid AND m.user_id = x.uid))
      AND (x.sess IS NULL OR EXISTS (SELECT 1 FROM sessions ss JOIN users su ON su.id = ss.user_id
        WHERE ss.id = x.sess AND ss.user_id = x.uid AND ss.expires_at >= x.after AND su.last_seen_at >= x.seen))
  ), placed AS (
    SELECT allowed.*, nextval(ids)::integer AS new_id,
      (SELECT coalesce(max(i.sort_order), -1) FROM section_items i WHERE i.section_id = allowed.sid)
        + row_number() OVER (PARTITION BY allowed.sid ORDER BY allowed.n) AS place
    FROM allowed
  ), inserted AS (
    INSERT INTO section_items (id, section_id, user_id, content, project_id, item_type, assigned_to_team_member_id, sort_order)
    SELECT new_id, sid, uid, body, pid, coalesce(itype, tf::jsonb ->> section_type), mid, place
    FROM placed ORDER BY n
    RETURNING *
  )
  SELECT placed.n, json_build_object(
    'section', json_build_object('section_type', placed.section_type, 'week_start_date', placed.week_start_date,
      'project_ok', 1, 'member_ok', 1, 'start_day', placed.start_day),
    'row', to_json(inserted))
  FROM inserted JOIN placed ON placed.new_id = inserted.id;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_items_place AFTER INSERT ON section_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.sort_order < 0) EXECUTE FUNCTION cadence_place_item();
