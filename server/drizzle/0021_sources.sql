CREATE TABLE `source_suggestion_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_id` integer NOT NULL,
	`suggestion_key` text NOT NULL,
	`state` text NOT NULL,
	`item_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `source_suggestion_states_once` ON `source_suggestion_states` (`report_id`,`suggestion_key`);--> statement-breakpoint
CREATE INDEX `source_suggestion_states_user` ON `source_suggestion_states` (`user_id`);--> statement-breakpoint
CREATE INDEX `source_suggestion_states_item` ON `source_suggestion_states` (`item_id`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`base_url` text NOT NULL,
	`token_ciphertext` text NOT NULL,
	`filter` text,
	`project_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sources_user` ON `sources` (`user_id`);--> statement-breakpoint
CREATE INDEX `sources_project` ON `sources` (`project_id`);--> statement-breakpoint
ALTER TABLE `section_items` ADD `source_url` text;--> statement-breakpoint
CREATE UNIQUE INDEX `section_items_section_source_url` ON `section_items` (`section_id`,`source_url`) WHERE source_url IS NOT NULL;