-- What must happen once is made once by the database (docs/architecture.md, "Exactly once").
-- An item is carried forward at most once. Copies made twice by two carry-overs at the same
-- moment before this index keep their content; all but the first stop naming the source.
UPDATE section_items s SET carried_from_item_id = NULL
WHERE s.carried_from_item_id IS NOT NULL
  AND s.id > (SELECT min(x.id) FROM section_items x WHERE x.carried_from_item_id = s.carried_from_item_id);
--> statement-breakpoint
CREATE UNIQUE INDEX "section_items_carried_once" ON "section_items" USING btree ("carried_from_item_id") WHERE carried_from_item_id IS NOT NULL;
--> statement-breakpoint
-- One question e-mail waits per brief; one queued twice by readers asking at the same moment is
-- not needed (the first lists every unanswered question when it goes).
UPDATE deliveries d SET status = 'failed', last_error = 'Not needed: another e-mail lists these questions'
WHERE d.kind = 'question' AND d.status = 'pending' AND d.report_id IS NOT NULL
  AND d.id > (SELECT min(x.id) FROM deliveries x WHERE x.kind = 'question' AND x.status = 'pending' AND x.report_id = d.report_id);
--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_question_waiting" ON "deliveries" USING btree ("report_id") WHERE kind = 'question' AND status = 'pending';
--> statement-breakpoint
-- One user's writes never deadlock (docs/architecture.md, "One user's writes"): a user's data
-- version is bumped at COMMIT (deferred constraint triggers), so the version row is the last lock
-- any transaction takes and is held only while it commits; it can no longer close a cycle with
-- the row locks of another transaction. Multi-statement writes of a user take the user's advisory
-- lock first (src/db/pg/core.ts). As the bumps now all run at COMMIT, one per user and
-- transaction is enough (a version only has to change with each commit): the others return at
-- once, so a transaction writing ten thousand rows updates the version row once, not ten thousand
-- times. Which users were bumped is kept in a setting local to the transaction.
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
DROP TRIGGER reports_version ON reports;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reports_version AFTER INSERT OR UPDATE OR DELETE ON reports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER report_sections_version ON report_sections;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_sections_version AFTER INSERT OR UPDATE OR DELETE ON report_sections DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER section_items_version ON section_items;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_items_version AFTER INSERT OR UPDATE OR DELETE ON section_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER projects_version ON projects;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER projects_version AFTER INSERT OR UPDATE OR DELETE ON projects DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER team_members_version ON team_members;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER team_members_version AFTER INSERT OR UPDATE OR DELETE ON team_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER talking_points_version ON talking_points;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER talking_points_version AFTER INSERT OR UPDATE OR DELETE ON talking_points DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER member_tasks_version ON member_tasks;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_tasks_version AFTER INSERT OR UPDATE OR DELETE ON member_tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER member_followups_version ON member_followups;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_followups_version AFTER INSERT OR UPDATE OR DELETE ON member_followups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER section_templates_version ON section_templates;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_templates_version AFTER INSERT OR UPDATE OR DELETE ON section_templates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER user_settings_version ON user_settings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_settings_version AFTER INSERT OR UPDATE OR DELETE ON user_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER onboarding_events_version ON onboarding_events;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER onboarding_events_version AFTER INSERT OR UPDATE OR DELETE ON onboarding_events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER deliveries_version ON deliveries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER deliveries_version AFTER INSERT OR UPDATE OR DELETE ON deliveries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER project_health_version ON project_health;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER project_health_version AFTER INSERT OR UPDATE OR DELETE ON project_health DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER shares_version ON shares;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shares_version AFTER INSERT OR UPDATE OR DELETE ON shares DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER share_questions_version ON share_questions;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER share_questions_version AFTER INSERT OR UPDATE OR DELETE ON share_questions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER share_acknowledgements_version ON share_acknowledgements;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER share_acknowledgements_version AFTER INSERT OR UPDATE OR DELETE ON share_acknowledgements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER invitations_version ON invitations;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invitations_version AFTER INSERT OR UPDATE OR DELETE ON invitations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
DROP TRIGGER users_version ON users;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_version AFTER UPDATE OR DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_of_user();
--> statement-breakpoint
DROP TRIGGER system_settings_version ON system_settings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER system_settings_version AFTER INSERT OR UPDATE OR DELETE ON system_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_shared();
--> statement-breakpoint
-- A report item inserted with a negative sort_order goes last in its section: the database places
-- it at COMMIT, after the user's version row is locked (cadence_bump), so the commits that place
-- items of one user run one at a time and each reads the positions the others committed. No two
-- items of a section share a position, whoever inserts them (a new item, a carry-over, an import,
-- a pull) and on whichever instance; items inserted together are placed in the order inserted.
-- The lock is the one every write of the user takes last anyway, held only while it commits.
CREATE FUNCTION cadence_place_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cadence_bump(NEW.user_id);
  UPDATE section_items
  SET sort_order = (SELECT coalesce(max(sort_order), -1) + 1 FROM section_items WHERE section_id = NEW.section_id)
  WHERE id = NEW.id AND sort_order < 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER section_items_place AFTER INSERT ON section_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.sort_order < 0) EXECUTE FUNCTION cadence_place_item();
