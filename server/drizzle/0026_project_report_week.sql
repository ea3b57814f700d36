ALTER TABLE `project_report_counts` ADD `week_start_date` text;--> statement-breakpoint
CREATE INDEX `project_report_counts_week` ON `project_report_counts` (`project_id`,`user_id`,`week_start_date`);
--> statement-breakpoint
-- The weeks of the rows already there (src/db/*/features/project-counts.sql sets them from now on).
UPDATE project_report_counts SET week_start_date = (SELECT r.week_start_date FROM reports r WHERE r.id = project_report_counts.report_id);
--> statement-breakpoint
-- Generated from src/db/sqlite/features/project-counts.sql.
CREATE TRIGGER `project_report_counts_week` AFTER INSERT ON `project_report_counts` BEGIN
  UPDATE project_report_counts SET week_start_date = (SELECT week_start_date FROM reports WHERE id = new.report_id) WHERE id = new.id;
END;
