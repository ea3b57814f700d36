CREATE TABLE `report_editions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`number` integer NOT NULL,
	`sent_at` text NOT NULL,
	`note` text,
	`brief` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_editions_number` ON `report_editions` (`report_id`,`number`);--> statement-breakpoint
CREATE INDEX `report_editions_user` ON `report_editions` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `display_title` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `organisation_name` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `email_attach_pdf` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Data versions (src/lib/http-cache.ts) for the new table, as in 0003_perf_indexes.sql.
CREATE TRIGGER `report_editions_version_insert` AFTER INSERT ON `report_editions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_editions_version_delete` AFTER DELETE ON `report_editions` BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (old.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
