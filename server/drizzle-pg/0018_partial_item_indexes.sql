-- The optional references of an item are indexed only where set: a new item, usually with
-- none, writes four index entries instead of nine. A lookup by one of them ("= ?") implies NOT
-- NULL and still uses its index; the carried-from index was the unique one's twin.
DROP INDEX IF EXISTS "section_items_carried";--> statement-breakpoint
DROP INDEX IF EXISTS "section_items_project";--> statement-breakpoint
CREATE INDEX "section_items_project" ON "section_items" USING btree ("project_id") WHERE project_id IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "section_items_assignee";--> statement-breakpoint
CREATE INDEX "section_items_assignee" ON "section_items" USING btree ("assigned_to_team_member_id") WHERE assigned_to_team_member_id IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "section_items_source";--> statement-breakpoint
CREATE INDEX "section_items_source" ON "section_items" USING btree ("source_item_id") WHERE source_item_id IS NOT NULL;--> statement-breakpoint
-- Deleting a user scanned deliveries: the indexes leading with user_id are partial, one kind each.
CREATE INDEX "deliveries_user" ON "deliveries" USING btree ("user_id");
