-- Per-user data versions (src/lib/http-cache.ts): every write to a table holding a user's data
-- bumps that user's counter in the same transaction, exactly as the SQLite triggers do
-- (drizzle/0003_perf_indexes.sql); system settings bump the shared counter 0.
CREATE FUNCTION cadence_bump(uid integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_versions(user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = data_versions.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION cadence_version_by_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM cadence_bump(NEW.user_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN PERFORM cadence_bump(OLD.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cadence_version_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM cadence_bump(OLD.id); ELSE PERFORM cadence_bump(NEW.id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cadence_version_shared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cadence_bump(0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_version AFTER INSERT OR UPDATE OR DELETE ON reports FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER report_sections_version AFTER INSERT OR UPDATE OR DELETE ON report_sections FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER section_items_version AFTER INSERT OR UPDATE OR DELETE ON section_items FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER projects_version AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER team_members_version AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER talking_points_version AFTER INSERT OR UPDATE OR DELETE ON talking_points FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER member_tasks_version AFTER INSERT OR UPDATE OR DELETE ON member_tasks FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER member_followups_version AFTER INSERT OR UPDATE OR DELETE ON member_followups FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER section_templates_version AFTER INSERT OR UPDATE OR DELETE ON section_templates FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER user_settings_version AFTER INSERT OR UPDATE OR DELETE ON user_settings FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER onboarding_events_version AFTER INSERT OR UPDATE OR DELETE ON onboarding_events FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER deliveries_version AFTER INSERT OR UPDATE OR DELETE ON deliveries FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE TRIGGER users_version AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION cadence_version_of_user();
--> statement-breakpoint
CREATE TRIGGER system_settings_version AFTER INSERT OR UPDATE OR DELETE ON system_settings FOR EACH ROW EXECUTE FUNCTION cadence_version_shared();
--> statement-breakpoint
-- Full-text search (src/search/pg.ts): one row per searchable entity, rowid = id * 8 + type code as
-- on SQLite (1 report, 2 project, 3 team member, 4 section item, 5 member task, 6 member
-- follow-up, 7 talking point), kept by triggers in the writing transaction; a GIN index over a
-- tsvector of the text's tokens made as SQLite's unicode61 tokenizer makes them (lower case, marks
-- removed, split at anything but a letter or digit; no stemming) answers words and prefixes.
-- Phrases and ranking are checked on the candidates by the same code as on SQLite.
CREATE FUNCTION cadence_tokens(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_remove(regexp_split_to_array(
    regexp_replace(normalize(lower(t), NFKD), '[\u0300-\u036f]', '', 'g'), '[^[:alnum:]]+'), ''), '{}')
$$;
--> statement-breakpoint
CREATE TABLE search_index (
  rowid bigint PRIMARY KEY,
  user_id integer NOT NULL,
  entity_type text NOT NULL,
  entity_id integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (array_to_tsvector(cadence_tokens(title || ' ' || body))) STORED
);
--> statement-breakpoint
CREATE INDEX search_index_tsv ON search_index USING gin (tsv);
--> statement-breakpoint
CREATE INDEX search_index_user ON search_index (user_id);
--> statement-breakpoint
CREATE FUNCTION cadence_search_put(rid bigint, uid integer, etype text, eid integer, ttl text, bdy text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (rid, uid, etype, eid, ttl, bdy)
  ON CONFLICT (rowid) DO UPDATE SET user_id = EXCLUDED.user_id, title = EXCLUDED.title, body = EXCLUDED.body
$$;
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
CREATE TRIGGER reports_search AFTER INSERT OR UPDATE OF title, summary, user_id OR DELETE ON reports FOR EACH ROW EXECUTE FUNCTION reports_search();
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
CREATE TRIGGER projects_search AFTER INSERT OR UPDATE OF name, user_id OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION projects_search();
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
CREATE TRIGGER team_members_search AFTER INSERT OR UPDATE OF name, title, email, user_id OR DELETE ON team_members FOR EACH ROW EXECUTE FUNCTION team_members_search();
--> statement-breakpoint
CREATE FUNCTION section_items_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 4;
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
      DELETE FROM search_index WHERE rowid = OLD.id::bigint * 8 + 4;
    END IF;
    PERFORM cadence_search_put(NEW.id::bigint * 8 + 4, NEW.user_id, 'section_item', NEW.id, '', NEW.content);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER section_items_search AFTER INSERT OR UPDATE OF id, content, user_id OR DELETE ON section_items FOR EACH ROW EXECUTE FUNCTION section_items_search();
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
CREATE TRIGGER member_tasks_search AFTER INSERT OR UPDATE OF content, user_id OR DELETE ON member_tasks FOR EACH ROW EXECUTE FUNCTION member_tasks_search();
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
CREATE TRIGGER member_followups_search AFTER INSERT OR UPDATE OF content, user_id OR DELETE ON member_followups FOR EACH ROW EXECUTE FUNCTION member_followups_search();
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
CREATE TRIGGER talking_points_search AFTER INSERT OR UPDATE OF content, user_id OR DELETE ON talking_points FOR EACH ROW EXECUTE FUNCTION talking_points_search();
