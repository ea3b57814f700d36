CREATE TABLE `project_counts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`refs` integer DEFAULT 0 NOT NULL,
	`tasks` integer DEFAULT 0 NOT NULL,
	`followups` integer DEFAULT 0 NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_counts_key` ON `project_counts` (`project_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `project_report_counts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`sections` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_report_counts_key` ON `project_report_counts` (`project_id`,`report_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `project_section_counts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`tasks` integer DEFAULT 0 NOT NULL,
	`followups` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `report_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_section_counts_key` ON `project_section_counts` (`project_id`,`section_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `project_section_counts_section` ON `project_section_counts` (`section_id`);
--> statement-breakpoint
-- The counts of the items already there, made once by the query they replace, before the
-- triggers that keep them from now on (src/db/*/features/project-counts.sql).
INSERT INTO project_section_counts (user_id, project_id, section_id, report_id, items, tasks, followups)
SELECT i.user_id, i.project_id, i.section_id, s.report_id, COUNT(*), SUM(i.item_type = 'task'), SUM(i.item_type = 'followup')
FROM section_items i JOIN report_sections s ON s.id = i.section_id
WHERE i.project_id IS NOT NULL
GROUP BY i.user_id, i.project_id, i.section_id, s.report_id;
--> statement-breakpoint
INSERT INTO project_report_counts (user_id, project_id, report_id, sections)
SELECT user_id, project_id, report_id, COUNT(*) FROM project_section_counts
GROUP BY user_id, project_id, report_id;
--> statement-breakpoint
INSERT INTO project_counts (user_id, project_id, refs, tasks, followups, reports)
SELECT user_id, project_id, SUM(items), SUM(tasks), SUM(followups), COUNT(DISTINCT report_id)
FROM project_section_counts GROUP BY user_id, project_id;
--> statement-breakpoint
-- Generated from src/db/sqlite/features/project-counts.sql.
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
