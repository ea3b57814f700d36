-- Project counts (GET /api/projects, issue 45): the items tagged to each project, kept by the
-- database at every write so that reading them never reads a user's history (docs/database.md,
-- "Maintained counts"). `section_items` → one `project_section_counts` row per (project, section,
-- owner), deleted at zero → one `project_report_counts` row per (project, report, owner), deleted
-- at zero → one `project_counts` row per (project, owner): the sums, and `reports` = how many
-- `project_report_counts` rows. Each level changes by the rows written, never by a look at the
-- others, so cascades (a report's sections, a project) and statements of many rows count right. The counts mean what the query they replace
-- computed (src/modules/projects/counts.test.ts holds them to it after every kind of write).
-- The source of truth for these triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
CREATE TRIGGER `section_items_counts_insert` AFTER INSERT ON `section_items` WHEN new.project_id IS NOT NULL BEGIN
  INSERT INTO project_section_counts(user_id, project_id, section_id, report_id, items, tasks, followups)
  SELECT new.user_id, new.project_id, new.section_id, s.report_id, 1, new.item_type = 'task', new.item_type = 'followup'
  FROM report_sections s WHERE s.id = new.section_id
  ON CONFLICT(project_id, section_id, user_id) DO UPDATE SET items = items + 1, tasks = tasks + excluded.tasks, followups = followups + excluded.followups;
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_counts_delete` AFTER DELETE ON `section_items` WHEN old.project_id IS NOT NULL BEGIN
  UPDATE project_section_counts SET items = items - 1, tasks = tasks - (old.item_type = 'task'), followups = followups - (old.item_type = 'followup')
  WHERE project_id = old.project_id AND section_id = old.section_id AND user_id = old.user_id;
  DELETE FROM project_section_counts WHERE project_id = old.project_id AND section_id = old.section_id AND user_id = old.user_id AND items <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_counts_update` AFTER UPDATE OF project_id, item_type, section_id, user_id ON `section_items`
WHEN (old.project_id IS NOT NULL OR new.project_id IS NOT NULL) AND (old.project_id IS NOT new.project_id
  OR old.item_type IS NOT new.item_type OR old.section_id IS NOT new.section_id OR old.user_id IS NOT new.user_id) BEGIN
  UPDATE project_section_counts SET items = items - 1, tasks = tasks - (old.item_type = 'task'), followups = followups - (old.item_type = 'followup')
  WHERE project_id = old.project_id AND section_id = old.section_id AND user_id = old.user_id;
  DELETE FROM project_section_counts WHERE project_id = old.project_id AND section_id = old.section_id AND user_id = old.user_id AND items <= 0;
  INSERT INTO project_section_counts(user_id, project_id, section_id, report_id, items, tasks, followups)
  SELECT new.user_id, new.project_id, new.section_id, s.report_id, 1, new.item_type = 'task', new.item_type = 'followup'
  FROM report_sections s WHERE s.id = new.section_id AND new.project_id IS NOT NULL
  ON CONFLICT(project_id, section_id, user_id) DO UPDATE SET items = items + 1, tasks = tasks + excluded.tasks, followups = followups + excluded.followups;
END;
--> statement-breakpoint
CREATE TRIGGER `project_section_counts_insert` AFTER INSERT ON `project_section_counts` BEGIN
  INSERT INTO project_counts(user_id, project_id, refs, tasks, followups, reports)
  VALUES (new.user_id, new.project_id, new.items, new.tasks, new.followups, 0)
  ON CONFLICT(project_id, user_id) DO UPDATE SET refs = refs + excluded.refs, tasks = tasks + excluded.tasks,
    followups = followups + excluded.followups;
  INSERT INTO project_report_counts(user_id, project_id, report_id, sections) VALUES (new.user_id, new.project_id, new.report_id, 1)
  ON CONFLICT(project_id, report_id, user_id) DO UPDATE SET sections = sections + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `project_section_counts_update` AFTER UPDATE ON `project_section_counts` BEGIN
  UPDATE project_counts SET refs = refs + new.items - old.items, tasks = tasks + new.tasks - old.tasks, followups = followups + new.followups - old.followups
  WHERE project_id = new.project_id AND user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `project_section_counts_delete` AFTER DELETE ON `project_section_counts` BEGIN
  UPDATE project_counts SET refs = refs - old.items, tasks = tasks - old.tasks, followups = followups - old.followups
  WHERE project_id = old.project_id AND user_id = old.user_id;
  UPDATE project_report_counts SET sections = sections - 1
  WHERE project_id = old.project_id AND report_id = old.report_id AND user_id = old.user_id;
  DELETE FROM project_report_counts
  WHERE project_id = old.project_id AND report_id = old.report_id AND user_id = old.user_id AND sections <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `project_report_counts_insert` AFTER INSERT ON `project_report_counts` BEGIN
  INSERT INTO project_counts(user_id, project_id, reports) VALUES (new.user_id, new.project_id, 1)
  ON CONFLICT(project_id, user_id) DO UPDATE SET reports = reports + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `project_report_counts_delete` AFTER DELETE ON `project_report_counts` BEGIN
  UPDATE project_counts SET reports = reports - 1 WHERE project_id = old.project_id AND user_id = old.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `project_report_counts_week` AFTER INSERT ON `project_report_counts` BEGIN
  UPDATE project_report_counts SET week_start_date = (SELECT week_start_date FROM reports WHERE id = new.report_id) WHERE id = new.id;
END;
