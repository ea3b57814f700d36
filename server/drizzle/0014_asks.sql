-- Asks of the readers: an item marked as an ask ('Approve the Q1 hiring budget'), closed by its
-- author (ask_closed_at); readers' answers from a private link in ask_answers.
ALTER TABLE `section_items` ADD `is_ask` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `section_items` ADD `ask_closed_at` text;--> statement-breakpoint
CREATE TABLE `ask_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`share_id` integer,
	`name` text NOT NULL,
	`answer` text NOT NULL,
	`text` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_id`) REFERENCES `shares`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ask_answers_item` ON `ask_answers` (`item_id`);--> statement-breakpoint
CREATE INDEX `ask_answers_user` ON `ask_answers` (`user_id`);--> statement-breakpoint
CREATE INDEX `ask_answers_share` ON `ask_answers` (`share_id`);--> statement-breakpoint
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
