ALTER TABLE "project_report_counts" ADD COLUMN "week_start_date" text;--> statement-breakpoint
CREATE INDEX "project_report_counts_week" ON "project_report_counts" USING btree ("project_id","user_id","week_start_date");
--> statement-breakpoint
-- The weeks of the rows already there (src/db/*/features/project-counts.sql sets them from now on).
UPDATE project_report_counts SET week_start_date = (SELECT r.week_start_date FROM reports r WHERE r.id = project_report_counts.report_id);
--> statement-breakpoint
-- Generated from src/db/pg/features/project-counts.sql.
CREATE OR REPLACE FUNCTION cadence_project_report_week() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.week_start_date := (SELECT week_start_date FROM reports WHERE id = NEW.report_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_report_counts_week BEFORE INSERT ON project_report_counts FOR EACH ROW EXECUTE FUNCTION cadence_project_report_week();
