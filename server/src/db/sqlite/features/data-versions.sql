-- Data versions: every write of a user's data bumps the user's version, which keys the response
-- cache and its ETags (src/lib/http-cache.ts; docs/database.md, "Triggers and functions").
-- The source of truth for these triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
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
CREATE TRIGGER `project_health_version_insert` AFTER INSERT ON `project_health` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `project_health_version_update` AFTER UPDATE ON `project_health` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `project_health_version_delete` AFTER DELETE ON `project_health` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shares_version_insert` AFTER INSERT ON `shares` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shares_version_delete` AFTER DELETE ON `shares` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `share_questions_version_insert` AFTER INSERT ON `share_questions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `share_questions_version_update` AFTER UPDATE ON `share_questions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `share_questions_version_delete` AFTER DELETE ON `share_questions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `share_acknowledgements_version_insert` AFTER INSERT ON `share_acknowledgements` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `share_acknowledgements_version_update` AFTER UPDATE ON `share_acknowledgements` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `share_acknowledgements_version_delete` AFTER DELETE ON `share_acknowledgements` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `invitations_version_insert` AFTER INSERT ON `invitations` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `invitations_version_update` AFTER UPDATE ON `invitations` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `invitations_version_delete` AFTER DELETE ON `invitations` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_editions_version_insert` AFTER INSERT ON `report_editions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_editions_version_delete` AFTER DELETE ON `report_editions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shares_version_update` AFTER UPDATE ON `shares`
WHEN (old.views IS new.views AND old.last_viewed_at IS new.last_viewed_at)
  OR old.revoked_at IS NOT new.revoked_at OR old.expires_at IS NOT new.expires_at
  OR old.user_id IS NOT new.user_id OR old.report_id IS NOT new.report_id
  OR old.token_hash IS NOT new.token_hash
BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_version_insert` AFTER INSERT ON `decisions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_version_update` AFTER UPDATE ON `decisions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_version_delete` AFTER DELETE ON `decisions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `decision_revisits_version_insert` AFTER INSERT ON `decision_revisits` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `decision_revisits_version_update` AFTER UPDATE ON `decision_revisits` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `decision_revisits_version_delete` AFTER DELETE ON `decision_revisits` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ask_answers_version_insert` AFTER INSERT ON `ask_answers` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ask_answers_version_update` AFTER UPDATE ON `ask_answers` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ask_answers_version_delete` AFTER DELETE ON `ask_answers` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metrics_version_insert` AFTER INSERT ON `metrics` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metrics_version_update` AFTER UPDATE ON `metrics` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metrics_version_delete` AFTER DELETE ON `metrics` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metric_values_version_insert` AFTER INSERT ON `metric_values` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metric_values_version_update` AFTER UPDATE ON `metric_values` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metric_values_version_delete` AFTER DELETE ON `metric_values` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
