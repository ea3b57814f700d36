-- The search index's triggers and functions (src/search/pg.ts; docs/database.md, "Triggers and functions").
-- The source of truth for these functions and triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
CREATE FUNCTION cadence_tokens(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_remove(regexp_split_to_array(
    regexp_replace(normalize(lower(t), NFKD), '[\u0300-\u036f]', '', 'g'), '[^[:alnum:]]+'), ''), '{}')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_search_put(rid bigint, uid integer, etype text, eid integer, ttl text, bdy text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (rid, uid, etype, eid, ttl, bdy)
  ON CONFLICT (rowid) DO UPDATE SET user_id = EXCLUDED.user_id, title = EXCLUDED.title, body = EXCLUDED.body;
END $$;
--> statement-breakpoint
CREATE FUNCTION reports_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 1;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 1;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 1, NEW.user_id, 'report', NEW.id, coalesce(NEW.title, ''), coalesce(NEW.summary, ''));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION projects_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 2;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 2;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 2, NEW.user_id, 'project', NEW.id, NEW.name, '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION team_members_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 3;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 3;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 3, NEW.user_id, 'team_member', NEW.id, NEW.name, trim(coalesce(NEW.title, '') || ' ' || NEW.email));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION section_items_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_pending(rowid) VALUES (NEW.id::bigint * 8 + 4);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_pending(rowid) VALUES (OLD.id::bigint * 8 + 4);
  ELSIF OLD.id IS DISTINCT FROM NEW.id THEN
    INSERT INTO search_pending(rowid) VALUES (OLD.id::bigint * 8 + 4), (NEW.id::bigint * 8 + 4);
  ELSIF OLD.content IS DISTINCT FROM NEW.content OR OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    INSERT INTO search_pending(rowid) VALUES (NEW.id::bigint * 8 + 4);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_tasks_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 5;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 5;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 5, NEW.user_id, 'member_task', NEW.id, '', NEW.content);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_followups_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 6;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 6;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 6, NEW.user_id, 'member_followup', NEW.id, '', NEW.content);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION talking_points_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 7;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 7;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 7, NEW.user_id, 'talking_point', NEW.id, '', NEW.content);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION decisions_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8, NEW.user_id, 'decision', NEW.id, NEW.title, coalesce(NEW.rationale, ''));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION section_items_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_pending(rowid) SELECT id::bigint * 8 + 4 FROM inserted_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_search AFTER INSERT OR UPDATE OF title, summary, user_id OR DELETE ON reports FOR EACH ROW EXECUTE FUNCTION reports_search();
--> statement-breakpoint
CREATE TRIGGER projects_search AFTER INSERT OR UPDATE OF name, user_id OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION projects_search();
--> statement-breakpoint
CREATE TRIGGER team_members_search AFTER INSERT OR UPDATE OF name, title, email, user_id OR DELETE ON team_members FOR EACH ROW EXECUTE FUNCTION team_members_search();
--> statement-breakpoint
CREATE TRIGGER member_tasks_search AFTER INSERT OR UPDATE OF content, user_id OR DELETE ON member_tasks FOR EACH ROW EXECUTE FUNCTION member_tasks_search();
--> statement-breakpoint
CREATE TRIGGER member_followups_search AFTER INSERT OR UPDATE OF content, user_id OR DELETE ON member_followups FOR EACH ROW EXECUTE FUNCTION member_followups_search();
--> statement-breakpoint
CREATE TRIGGER talking_points_search AFTER INSERT OR UPDATE OF content, user_id OR DELETE ON talking_points FOR EACH ROW EXECUTE FUNCTION talking_points_search();
--> statement-breakpoint
CREATE TRIGGER decisions_search AFTER INSERT OR UPDATE OF title, rationale, user_id OR DELETE ON decisions FOR EACH ROW EXECUTE FUNCTION decisions_search();
--> statement-breakpoint
CREATE TRIGGER section_items_search_inserted AFTER INSERT ON section_items REFERENCING NEW TABLE AS inserted_items FOR EACH STATEMENT EXECUTE FUNCTION section_items_search_inserted();
--> statement-breakpoint
CREATE TRIGGER section_items_search AFTER UPDATE OF id, content, user_id ON section_items FOR EACH ROW
WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION section_items_search();
--> statement-breakpoint
CREATE TRIGGER section_items_search_deleted AFTER DELETE ON section_items FOR EACH ROW EXECUTE FUNCTION section_items_search();
