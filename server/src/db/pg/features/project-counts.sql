-- Project counts (GET /api/projects, issue 45): the items tagged to each project, kept by the
-- database at every write so that reading them never reads a user's history (docs/database.md,
-- "Maintained counts"), as SQLite's (src/db/sqlite/features/project-counts.sql): items → one
-- `project_section_counts` row per (project, section, owner) → one `project_report_counts` row per
-- (project, report, owner) → one `project_counts` row per (project, owner); each level deleted at
-- zero. Each level changes by the rows written, never by a look at the others: the AFTER ROW
-- triggers of a cascade or of a statement of many rows fire after all its rows changed, and two
-- writers at once meet on the row they both upsert (ON CONFLICT waits for the first to commit).
-- The counts mean what the query they replace computed (src/modules/projects/counts.test.ts holds
-- them to it after every kind of write).
-- The source of truth for these functions and triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
CREATE OR REPLACE FUNCTION cadence_item_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.project_id IS NOT NULL THEN
    UPDATE project_section_counts SET items = items - 1,
      tasks = tasks - CASE WHEN OLD.item_type = 'task' THEN 1 ELSE 0 END,
      followups = followups - CASE WHEN OLD.item_type = 'followup' THEN 1 ELSE 0 END
    WHERE project_id = OLD.project_id AND section_id = OLD.section_id AND user_id = OLD.user_id;
    DELETE FROM project_section_counts
    WHERE project_id = OLD.project_id AND section_id = OLD.section_id AND user_id = OLD.user_id AND items <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.project_id IS NOT NULL THEN
    INSERT INTO project_section_counts AS c (user_id, project_id, section_id, report_id, items, tasks, followups)
    SELECT NEW.user_id, NEW.project_id, NEW.section_id, s.report_id, 1,
      CASE WHEN NEW.item_type = 'task' THEN 1 ELSE 0 END, CASE WHEN NEW.item_type = 'followup' THEN 1 ELSE 0 END
    FROM report_sections s WHERE s.id = NEW.section_id
    ON CONFLICT (project_id, section_id, user_id) DO UPDATE SET items = c.items + 1,
      tasks = c.tasks + EXCLUDED.tasks, followups = c.followups + EXCLUDED.followups;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_project_section_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_counts AS c (user_id, project_id, refs, tasks, followups, reports)
    VALUES (NEW.user_id, NEW.project_id, NEW.items, NEW.tasks, NEW.followups, 0)
    ON CONFLICT (project_id, user_id) DO UPDATE SET refs = c.refs + EXCLUDED.refs,
      tasks = c.tasks + EXCLUDED.tasks, followups = c.followups + EXCLUDED.followups;
    INSERT INTO project_report_counts AS r (user_id, project_id, report_id, sections)
    VALUES (NEW.user_id, NEW.project_id, NEW.report_id, 1)
    ON CONFLICT (project_id, report_id, user_id) DO UPDATE SET sections = r.sections + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE project_counts SET refs = refs + NEW.items - OLD.items, tasks = tasks + NEW.tasks - OLD.tasks,
      followups = followups + NEW.followups - OLD.followups
    WHERE project_id = NEW.project_id AND user_id = NEW.user_id;
  ELSE
    UPDATE project_counts SET refs = refs - OLD.items, tasks = tasks - OLD.tasks, followups = followups - OLD.followups
    WHERE project_id = OLD.project_id AND user_id = OLD.user_id;
    UPDATE project_report_counts SET sections = sections - 1
    WHERE project_id = OLD.project_id AND report_id = OLD.report_id AND user_id = OLD.user_id;
    DELETE FROM project_report_counts
    WHERE project_id = OLD.project_id AND report_id = OLD.report_id AND user_id = OLD.user_id AND sections <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_project_report_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_counts AS c (user_id, project_id, reports) VALUES (NEW.user_id, NEW.project_id, 1)
    ON CONFLICT (project_id, user_id) DO UPDATE SET reports = c.reports + 1;
  ELSE
    UPDATE project_counts SET reports = reports - 1 WHERE project_id = OLD.project_id AND user_id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER section_items_counts_insert AFTER INSERT ON section_items FOR EACH ROW WHEN (NEW.project_id IS NOT NULL) EXECUTE FUNCTION cadence_item_counts();
--> statement-breakpoint
CREATE TRIGGER section_items_counts_delete AFTER DELETE ON section_items FOR EACH ROW WHEN (OLD.project_id IS NOT NULL) EXECUTE FUNCTION cadence_item_counts();
--> statement-breakpoint
CREATE TRIGGER section_items_counts_update AFTER UPDATE OF project_id, item_type, section_id, user_id ON section_items FOR EACH ROW
WHEN ((OLD.project_id IS NOT NULL OR NEW.project_id IS NOT NULL) AND (OLD.project_id IS DISTINCT FROM NEW.project_id
  OR OLD.item_type IS DISTINCT FROM NEW.item_type OR OLD.section_id IS DISTINCT FROM NEW.section_id OR OLD.user_id IS DISTINCT FROM NEW.user_id))
EXECUTE FUNCTION cadence_item_counts();
--> statement-breakpoint
CREATE TRIGGER project_section_counts_totals AFTER INSERT OR UPDATE OR DELETE ON project_section_counts FOR EACH ROW EXECUTE FUNCTION cadence_project_section_counts();
--> statement-breakpoint
CREATE TRIGGER project_report_counts_totals AFTER INSERT OR DELETE ON project_report_counts FOR EACH ROW EXECUTE FUNCTION cadence_project_report_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cadence_project_report_week() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.week_start_date := (SELECT week_start_date FROM reports WHERE id = NEW.report_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_report_counts_week BEFORE INSERT ON project_report_counts FOR EACH ROW EXECUTE FUNCTION cadence_project_report_week();
