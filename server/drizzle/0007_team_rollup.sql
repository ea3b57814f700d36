CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`team_member_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`used_at` text,
	`used_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`used_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_user` ON `invitations` (`user_id`);--> statement-breakpoint
CREATE INDEX `invitations_member` ON `invitations` (`team_member_id`);--> statement-breakpoint
ALTER TABLE `section_items` ADD `source_item_id` integer REFERENCES section_items(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `section_items` ADD `source_author_name` text;--> statement-breakpoint
ALTER TABLE `section_items` ADD `assignee_completed_at` text;--> statement-breakpoint
ALTER TABLE `section_items` ADD `assignee_note` text;--> statement-breakpoint
CREATE UNIQUE INDEX `section_items_section_source` ON `section_items` (`section_id`,`source_item_id`) WHERE source_item_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `section_items_source` ON `section_items` (`source_item_id`);--> statement-breakpoint
ALTER TABLE `team_members` ADD `linked_user_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `team_members` ADD `linked_at` text;--> statement-breakpoint
CREATE INDEX `team_members_linked_user` ON `team_members` (`linked_user_id`);--> statement-breakpoint
ALTER TABLE `user_settings` ADD `team_reminder_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_team_reminder_once` ON `deliveries` (`user_id`,`week_start_date`) WHERE kind = 'team_reminder';--> statement-breakpoint
-- Data versions (src/lib/http-cache.ts) for the new table, as in 0003_perf_indexes.sql.
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
