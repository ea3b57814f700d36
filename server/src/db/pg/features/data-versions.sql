-- Data versions: every write of a user's data bumps the user's version, which keys the response
-- cache and its ETags (src/lib/http-cache.ts; docs/database.md, "Triggers and functions").
-- The source of truth for these functions and triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
CREATE OR REPLACE FUNCTION cadence_bump(uid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(nullif(current_setting('cadence.bumped', true), ''), ',');
BEGIN
  IF position(',' || uid || ',' IN done) > 0 THEN RETURN; END IF;
  PERFORM set_config('cadence.bumped', done || uid || ',', true);
  INSERT INTO data_versions(user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = data_versions.version + 1;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_version_by_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(nullif(current_setting('cadence.bumped', true), ''), ',');
BEGIN
  IF TG_OP <> 'DELETE' AND position(',' || NEW.user_id || ',' IN done) = 0 THEN PERFORM cadence_bump(NEW.user_id); END IF;
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reports_version AFTER INSERT OR UPDATE OR DELETE ON reports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_sections_version AFTER INSERT OR UPDATE OR DELETE ON report_sections DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER projects_version AFTER INSERT OR UPDATE OR DELETE ON projects DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER team_members_version AFTER INSERT OR UPDATE OR DELETE ON team_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER talking_points_version AFTER INSERT OR UPDATE OR DELETE ON talking_points DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_tasks_version AFTER INSERT OR UPDATE OR DELETE ON member_tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_followups_version AFTER INSERT OR UPDATE OR DELETE ON member_followups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_templates_version AFTER INSERT OR UPDATE OR DELETE ON section_templates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_settings_version AFTER INSERT OR UPDATE OR DELETE ON user_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER onboarding_events_version AFTER INSERT OR UPDATE OR DELETE ON onboarding_events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER deliveries_version AFTER INSERT OR UPDATE OR DELETE ON deliveries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER project_health_version AFTER INSERT OR UPDATE OR DELETE ON project_health DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER share_questions_version AFTER INSERT OR UPDATE OR DELETE ON share_questions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER share_acknowledgements_version AFTER INSERT OR UPDATE OR DELETE ON share_acknowledgements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invitations_version AFTER INSERT OR UPDATE OR DELETE ON invitations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_version AFTER UPDATE OR DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_of_user();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER system_settings_version AFTER INSERT OR UPDATE OR DELETE ON system_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_shared();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_editions_version AFTER INSERT OR UPDATE OR DELETE ON report_editions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shares_version AFTER INSERT OR DELETE ON shares DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shares_version_update AFTER UPDATE ON shares DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.views IS NOT DISTINCT FROM NEW.views AND OLD.last_viewed_at IS NOT DISTINCT FROM NEW.last_viewed_at)
  OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
  OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.report_id IS DISTINCT FROM NEW.report_id
  OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER decisions_version AFTER INSERT OR UPDATE OR DELETE ON decisions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER decision_revisits_version AFTER INSERT OR UPDATE OR DELETE ON decision_revisits DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ask_answers_version AFTER INSERT OR UPDATE OR DELETE ON ask_answers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER metrics_version AFTER INSERT OR UPDATE OR DELETE ON metrics DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER metric_values_version AFTER INSERT OR UPDATE OR DELETE ON metric_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_items_version_insert AFTER INSERT ON section_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (strpos(coalesce(current_setting('cadence.batch_users', true), ''), ',' || NEW.user_id || ',') = 0)
EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_items_version_update AFTER UPDATE ON section_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (strpos(coalesce(current_setting('cadence.batch_users', true), ''), ',' || NEW.user_id || ',') = 0
  OR OLD.user_id IS DISTINCT FROM NEW.user_id)
EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_items_version_delete AFTER DELETE ON section_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (strpos(coalesce(current_setting('cadence.batch_users', true), ''), ',' || OLD.user_id || ',') = 0)
EXECUTE FUNCTION cadence_version_by_owner();
