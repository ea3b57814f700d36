CREATE TABLE `project_health` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`health` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_health_report_project` ON `project_health` (`report_id`,`project_id`);--> statement-breakpoint
CREATE INDEX `project_health_project` ON `project_health` (`project_id`);--> statement-breakpoint
CREATE INDEX `project_health_user` ON `project_health` (`user_id`);--> statement-breakpoint
CREATE TABLE `share_acknowledgements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`share_id` integer,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_id`) REFERENCES `shares`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `share_acknowledgements_report` ON `share_acknowledgements` (`report_id`);--> statement-breakpoint
CREATE TABLE `share_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`share_id` integer,
	`item_id` integer,
	`followup_item_id` integer,
	`name` text NOT NULL,
	`text` text NOT NULL,
	`answer` text,
	`answered_at` text,
	`seen_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_id`) REFERENCES `shares`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`followup_item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `share_questions_user` ON `share_questions` (`user_id`,`seen_at`);--> statement-breakpoint
CREATE INDEX `share_questions_report` ON `share_questions` (`report_id`);--> statement-breakpoint
CREATE TABLE `shares` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text,
	`revoked_at` text,
	`views` integer DEFAULT 0 NOT NULL,
	`last_viewed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shares_token_hash_unique` ON `shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `shares_user` ON `shares` (`user_id`);--> statement-breakpoint
CREATE INDEX `shares_report` ON `shares` (`report_id`);--> statement-breakpoint
ALTER TABLE `user_settings` ADD `webhook_urls` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
-- Data versions (src/lib/http-cache.ts) for the new tables, as in 0003_perf_indexes.sql.
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
CREATE TRIGGER `shares_version_update` AFTER UPDATE ON `shares` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
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
