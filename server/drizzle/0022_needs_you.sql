ALTER TABLE `ask_answers` ADD `seen_at` text;--> statement-breakpoint
CREATE INDEX `ask_answers_user_seen` ON `ask_answers` (`user_id`,`seen_at`);--> statement-breakpoint
ALTER TABLE `projects` ADD `owner_member_id` integer REFERENCES team_members(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `projects_owner_member` ON `projects` (`owner_member_id`);