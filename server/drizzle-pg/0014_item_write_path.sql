-- The item write path (docs/architecture.md, "Group commit"). A SQL function that is not inlined
-- has its body parsed and planned again on every call; PL/pgSQL keeps its statements' plans for
-- the session. The search row's upsert becomes PL/pgSQL (same statement), and the report items'
-- search trigger, on every item write, runs that upsert itself instead of through a call.
CREATE OR REPLACE FUNCTION cadence_search_put(rid bigint, uid integer, etype text, eid integer, ttl text, bdy text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (rid, uid, etype, eid, ttl, bdy)
  ON CONFLICT (rowid) DO UPDATE SET user_id = EXCLUDED.user_id, title = EXCLUDED.title, body = EXCLUDED.body;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION section_items_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 4;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 4;
    END IF;
    INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body)
    VALUES (NEW.id::bigint * 8 + 4, NEW.user_id, 'section_item', NEW.id, '', NEW.content)
    ON CONFLICT (rowid) DO UPDATE SET user_id = EXCLUDED.user_id, title = EXCLUDED.title, body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A user already bumped in this transaction (cadence_bump keeps the list) is not called again:
-- the second and later writes of a user in one group commit skip the call.
CREATE OR REPLACE FUNCTION cadence_version_by_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(nullif(current_setting('cadence.bumped', true), ''), ',');
BEGIN
  IF TG_OP <> 'DELETE' AND position(',' || NEW.user_id || ',' IN done) = 0 THEN PERFORM cadence_bump(NEW.user_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN PERFORM cadence_bump(OLD.user_id); END IF;
  RETURN NULL;
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
