-- New items in one statement for a whole group commit (src/db/pg/statements/items.ts,
-- src/db/pg/write-batch.ts): the statement's fixed costs (the call, the executor's start, the
-- round trip) are paid once per batch, not once per item. The arrays hold one new item per
-- index (section, user, content, project, type or NULL for the section's default, team member,
-- the section-type-to-item-type map as JSON); an answer row comes back for each item created,
-- with its index (`ord`, from 1): none for an item whose section, project or team member is not
-- its user's.
--
-- Every section named is locked first, in id order (FOR NO KEY UPDATE: foreign-key checks pass;
-- two batches never wait on each other in a cycle). Each statement of a PL/pgSQL function takes
-- its own snapshot, so the INSERT, run once the locks are held, sees every item committed by a
-- transaction that held one of them before: each section's next places are read race-free and
-- handed out in the order of the batch. Ids are drawn first so each answer finds its row. The
-- answer is the row as JSON (every column is an integer or text, as the driver reads them) with
-- the section's facts the answer needs (json: cheaper to build than jsonb, parsed the same).
CREATE OR REPLACE FUNCTION cadence_create_items(sids integer[], uids integer[], contents text[], pids integer[], itypes text[], mids integer[], type_for text[])
RETURNS TABLE (ord bigint, created json) LANGUAGE plpgsql AS $$
DECLARE
  ids regclass := pg_get_serial_sequence('section_items', 'id')::regclass;
BEGIN
  PERFORM 1 FROM report_sections WHERE id = ANY (sids) ORDER BY id FOR NO KEY UPDATE;
  RETURN QUERY
  WITH x AS (
    SELECT * FROM unnest(sids, uids, contents, pids, itypes, mids, type_for)
      WITH ORDINALITY AS x(sid, uid, body, pid, itype, mid, tf, n)
  ), allowed AS (
    SELECT x.*, s.section_type, r.week_start_date,
      (SELECT weekly_start_day FROM user_settings WHERE user_id = x.uid) AS start_day
    FROM x
    JOIN report_sections s ON s.id = x.sid AND s.user_id = x.uid
    JOIN reports r ON r.id = s.report_id
    WHERE (x.pid IS NULL OR EXISTS (SELECT 1 FROM projects p WHERE p.id = x.pid AND p.user_id = x.uid))
      AND (x.mid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.id = x.mid AND m.user_id = x.uid))
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
-- New items' search entries are queued by one statement per INSERT (a statement-level trigger
-- over the rows it inserted: a batch's new items are one INSERT) instead of one PL/pgSQL call per
-- row; edits and deletes keep the row trigger (its function, drizzle-pg/0015_search_pending.sql,
-- is unchanged: an edit is one row per statement, where a statement-level trigger costs more).
DROP TRIGGER IF EXISTS section_items_search ON section_items;
--> statement-breakpoint
CREATE TRIGGER section_items_search AFTER UPDATE OF id, content, user_id OR DELETE ON section_items FOR EACH ROW EXECUTE FUNCTION section_items_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION section_items_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_pending(rowid) SELECT id::bigint * 8 + 4 FROM inserted_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER section_items_search_inserted AFTER INSERT ON section_items REFERENCING NEW TABLE AS inserted_items FOR EACH STATEMENT EXECUTE FUNCTION section_items_search_inserted();
--> statement-breakpoint
-- The data versions of a group commit's users, bumped by one statement just before its COMMIT
-- (src/db/pg/write-batch.ts), in id order, each user once: the deferred row triggers then find
-- them bumped (cadence.bumped, as cadence_bump keeps it) and skip theirs.
CREATE OR REPLACE FUNCTION cadence_bump_users(uids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(nullif(current_setting('cadence.bumped', true), ''), ',');
  fresh integer[];
BEGIN
  SELECT array_agg(u ORDER BY u) INTO fresh
  FROM (SELECT DISTINCT u FROM unnest(uids) AS t(u)) d
  WHERE position(',' || u || ',' IN done) = 0;
  IF fresh IS NULL THEN
    RETURN;
  END IF;
  PERFORM set_config('cadence.bumped', done || array_to_string(fresh, ',') || ',', true);
  INSERT INTO data_versions(user_id, version) SELECT u, 1 FROM unnest(fresh) AS t(u) ORDER BY u
  ON CONFLICT (user_id) DO UPDATE SET version = data_versions.version + 1;
END $$;
