-- The search row's upsert in PL/pgSQL: a SQL function that is not inlined has its body parsed and
-- planned again on every call, a PL/pgSQL one keeps the INSERT's plan for the session (most of the
-- search trigger's cost on every item write). Same statement, same behaviour.
CREATE OR REPLACE FUNCTION cadence_search_put(rid bigint, uid integer, etype text, eid integer, ttl text, bdy text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (rid, uid, etype, eid, ttl, bdy)
  ON CONFLICT (rowid) DO UPDATE SET user_id = EXCLUDED.user_id, title = EXCLUDED.title, body = EXCLUDED.body;
END $$;
--> statement-breakpoint
-- A new item of the item API is placed by its INSERT, under its section's row lock
-- (src/db/pg/statements/items.ts), in the group commit that holds its user's write lock shared.
-- An item inserted with a negative sort_order is still placed at COMMIT here; it now first takes
-- its user's write lock (src/db/pg/core.ts, USER_WRITE_LOCK) alone, so it waits for those group
-- commits and reads the places they gave. A multi-statement write holds that lock already.
CREATE OR REPLACE FUNCTION cadence_place_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7349127, NEW.user_id);
  PERFORM cadence_bump(NEW.user_id);
  UPDATE section_items
  SET sort_order = (SELECT coalesce(max(sort_order), -1) + 1 FROM section_items WHERE section_id = NEW.section_id)
  WHERE id = NEW.id AND sort_order < 0;
  RETURN NULL;
END $$;
