CREATE TABLE `data_versions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `section_items_section`;--> statement-breakpoint
CREATE INDEX `section_items_user_project` ON `section_items` (`user_id`,`project_id`,`item_type`,`section_id`);--> statement-breakpoint
CREATE INDEX `section_items_section` ON `section_items` (`section_id`,`sort_order`);
--> statement-breakpoint
-- Per-user data versions (see src/lib/http-cache.ts): every write to a table holding a user's data
-- bumps that user's counter in the same transaction; system settings bump the shared counter 0.
CREATE TRIGGER `reports_version_insert` AFTER INSERT ON `reports` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reports_version_update` AFTER UPDATE ON `reports` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reports_version_delete` AFTER DELETE ON `reports` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_sections_version_insert` AFTER INSERT ON `report_sections` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_sections_version_update` AFTER UPDATE ON `report_sections` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_sections_version_delete` AFTER DELETE ON `report_sections` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_version_insert` AFTER INSERT ON `section_items` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_version_update` AFTER UPDATE ON `section_items` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_version_delete` AFTER DELETE ON `section_items` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_version_insert` AFTER INSERT ON `projects` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_version_update` AFTER UPDATE ON `projects` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_version_delete` AFTER DELETE ON `projects` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_version_insert` AFTER INSERT ON `team_members` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_version_update` AFTER UPDATE ON `team_members` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_version_delete` AFTER DELETE ON `team_members` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_version_insert` AFTER INSERT ON `talking_points` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_version_update` AFTER UPDATE ON `talking_points` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_version_delete` AFTER DELETE ON `talking_points` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_version_insert` AFTER INSERT ON `member_tasks` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_version_update` AFTER UPDATE ON `member_tasks` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_version_delete` AFTER DELETE ON `member_tasks` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_version_insert` AFTER INSERT ON `member_followups` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_version_update` AFTER UPDATE ON `member_followups` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_version_delete` AFTER DELETE ON `member_followups` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `section_templates_version_insert` AFTER INSERT ON `section_templates` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `section_templates_version_update` AFTER UPDATE ON `section_templates` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `section_templates_version_delete` AFTER DELETE ON `section_templates` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_settings_version_insert` AFTER INSERT ON `user_settings` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_settings_version_update` AFTER UPDATE ON `user_settings` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_settings_version_delete` AFTER DELETE ON `user_settings` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deliveries_version_insert` AFTER INSERT ON `deliveries` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deliveries_version_update` AFTER UPDATE ON `deliveries` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deliveries_version_delete` AFTER DELETE ON `deliveries` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `onboarding_events_version_insert` AFTER INSERT ON `onboarding_events` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `onboarding_events_version_update` AFTER UPDATE ON `onboarding_events` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `onboarding_events_version_delete` AFTER DELETE ON `onboarding_events` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_update` AFTER UPDATE ON `users` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `system_settings_version_insert` AFTER INSERT ON `system_settings` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (0, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `system_settings_version_update` AFTER UPDATE ON `system_settings` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (0, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `system_settings_version_delete` AFTER DELETE ON `system_settings` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (0, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
-- Search, rebuilt with an indexed `owner` column ('u' || user_id): the user filter becomes a term
-- of the MATCH (FTS5 intersects the lists) instead of a read of every hit's stored row, and the
-- entity comes from the rowid (id * 8 + type code), so a query reads no stored row at all.
DROP TRIGGER `reports_search_insert`;
--> statement-breakpoint
DROP TRIGGER `reports_search_update`;
--> statement-breakpoint
DROP TRIGGER `reports_search_delete`;
--> statement-breakpoint
DROP TRIGGER `projects_search_insert`;
--> statement-breakpoint
DROP TRIGGER `projects_search_update`;
--> statement-breakpoint
DROP TRIGGER `projects_search_delete`;
--> statement-breakpoint
DROP TRIGGER `team_members_search_insert`;
--> statement-breakpoint
DROP TRIGGER `team_members_search_update`;
--> statement-breakpoint
DROP TRIGGER `team_members_search_delete`;
--> statement-breakpoint
DROP TRIGGER `section_items_search_insert`;
--> statement-breakpoint
DROP TRIGGER `section_items_search_update`;
--> statement-breakpoint
DROP TRIGGER `section_items_search_delete`;
--> statement-breakpoint
DROP TRIGGER `member_tasks_search_insert`;
--> statement-breakpoint
DROP TRIGGER `member_tasks_search_update`;
--> statement-breakpoint
DROP TRIGGER `member_tasks_search_delete`;
--> statement-breakpoint
DROP TRIGGER `member_followups_search_insert`;
--> statement-breakpoint
DROP TRIGGER `member_followups_search_update`;
--> statement-breakpoint
DROP TRIGGER `member_followups_search_delete`;
--> statement-breakpoint
DROP TRIGGER `talking_points_search_insert`;
--> statement-breakpoint
DROP TRIGGER `talking_points_search_update`;
--> statement-breakpoint
DROP TRIGGER `talking_points_search_delete`;
--> statement-breakpoint
DROP TABLE `search_index`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_index` USING fts5(
  user_id UNINDEXED,
  entity_type UNINDEXED,
  entity_id UNINDEXED,
  owner,
  title,
  body,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `reports_search_insert` AFTER INSERT ON `reports` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 1, new.user_id, 'report', new.id, 'u' || new.user_id, coalesce(new.title, ''), coalesce(new.summary, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `reports_search_update` AFTER UPDATE OF title, summary, user_id ON `reports` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 1;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 1, new.user_id, 'report', new.id, 'u' || new.user_id, coalesce(new.title, ''), coalesce(new.summary, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `reports_search_delete` AFTER DELETE ON `reports` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 1;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 1, X.user_id, 'report', X.id, 'u' || X.user_id, coalesce(X.title, ''), coalesce(X.summary, '') FROM `reports` AS X;
--> statement-breakpoint
CREATE TRIGGER `projects_search_insert` AFTER INSERT ON `projects` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 2, new.user_id, 'project', new.id, 'u' || new.user_id, new.name, '');
END;
--> statement-breakpoint
CREATE TRIGGER `projects_search_update` AFTER UPDATE OF name, user_id ON `projects` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 2;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 2, new.user_id, 'project', new.id, 'u' || new.user_id, new.name, '');
END;
--> statement-breakpoint
CREATE TRIGGER `projects_search_delete` AFTER DELETE ON `projects` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 2;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 2, X.user_id, 'project', X.id, 'u' || X.user_id, X.name, '' FROM `projects` AS X;
--> statement-breakpoint
CREATE TRIGGER `team_members_search_insert` AFTER INSERT ON `team_members` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 3, new.user_id, 'team_member', new.id, 'u' || new.user_id, new.name, trim(coalesce(new.title, '') || ' ' || new.email));
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_search_update` AFTER UPDATE OF name, title, email, user_id ON `team_members` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 3;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 3, new.user_id, 'team_member', new.id, 'u' || new.user_id, new.name, trim(coalesce(new.title, '') || ' ' || new.email));
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_search_delete` AFTER DELETE ON `team_members` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 3;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 3, X.user_id, 'team_member', X.id, 'u' || X.user_id, X.name, trim(coalesce(X.title, '') || ' ' || X.email) FROM `team_members` AS X;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_insert` AFTER INSERT ON `section_items` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 4, new.user_id, 'section_item', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_update` AFTER UPDATE OF content, user_id ON `section_items` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 4;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 4, new.user_id, 'section_item', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_delete` AFTER DELETE ON `section_items` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 4;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 4, X.user_id, 'section_item', X.id, 'u' || X.user_id, '', X.content FROM `section_items` AS X;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_search_insert` AFTER INSERT ON `member_tasks` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 5, new.user_id, 'member_task', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_search_update` AFTER UPDATE OF content, user_id ON `member_tasks` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 5;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 5, new.user_id, 'member_task', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_search_delete` AFTER DELETE ON `member_tasks` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 5;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 5, X.user_id, 'member_task', X.id, 'u' || X.user_id, '', X.content FROM `member_tasks` AS X;
--> statement-breakpoint
CREATE TRIGGER `member_followups_search_insert` AFTER INSERT ON `member_followups` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 6, new.user_id, 'member_followup', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_search_update` AFTER UPDATE OF content, user_id ON `member_followups` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 6;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 6, new.user_id, 'member_followup', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_search_delete` AFTER DELETE ON `member_followups` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 6;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 6, X.user_id, 'member_followup', X.id, 'u' || X.user_id, '', X.content FROM `member_followups` AS X;
--> statement-breakpoint
CREATE TRIGGER `talking_points_search_insert` AFTER INSERT ON `talking_points` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 7, new.user_id, 'talking_point', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_search_update` AFTER UPDATE OF content, user_id ON `talking_points` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 7;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8 + 7, new.user_id, 'talking_point', new.id, 'u' || new.user_id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_search_delete` AFTER DELETE ON `talking_points` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 7;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) SELECT X.id * 8 + 7, X.user_id, 'talking_point', X.id, 'u' || X.user_id, '', X.content FROM `talking_points` AS X;
