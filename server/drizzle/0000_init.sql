CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`entity_type` text,
	`entity_id` text,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_log_created` ON `activity_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `activity_log_user` ON `activity_log` (`user_id`);--> statement-breakpoint
CREATE TABLE `dev_auth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`code_challenge` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE TABLE `member_followups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_member_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer,
	`content` text NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `member_followups_member` ON `member_followups` (`team_member_id`);--> statement-breakpoint
CREATE INDEX `member_followups_user` ON `member_followups` (`user_id`);--> statement-breakpoint
CREATE INDEX `member_followups_project` ON `member_followups` (`project_id`);--> statement-breakpoint
CREATE TABLE `member_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_member_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer,
	`content` text NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `member_tasks_member` ON `member_tasks` (`team_member_id`);--> statement-breakpoint
CREATE INDEX `member_tasks_user` ON `member_tasks` (`user_id`);--> statement-breakpoint
CREATE INDEX `member_tasks_project` ON `member_tasks` (`project_id`);--> statement-breakpoint
CREATE TABLE `onboarding_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`step` text NOT NULL,
	`action` text NOT NULL,
	`duration_ms` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `onboarding_events_user` ON `onboarding_events` (`user_id`);--> statement-breakpoint
CREATE INDEX `onboarding_events_step` ON `onboarding_events` (`step`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_uuid_unique` ON `projects` (`uuid`);--> statement-breakpoint
CREATE INDEX `projects_user` ON `projects` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `report_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`section_template_id` integer,
	`section_name` text NOT NULL,
	`section_type` text NOT NULL,
	`content` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_template_id`) REFERENCES `section_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_sections_report` ON `report_sections` (`report_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `report_sections_user` ON `report_sections` (`user_id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`week_start_date` text NOT NULL,
	`title` text,
	`summary` text,
	`is_submitted` integer DEFAULT false NOT NULL,
	`sent_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_uuid_unique` ON `reports` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_user_week` ON `reports` (`user_id`,`week_start_date`);--> statement-breakpoint
CREATE TABLE `section_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`section_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer,
	`content` text NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`item_type` text DEFAULT 'standard' NOT NULL,
	`assigned_to_team_member_id` integer,
	`carried_from_item_id` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `report_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_to_team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`carried_from_item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `section_items_section` ON `section_items` (`section_id`);--> statement-breakpoint
CREATE INDEX `section_items_user_open` ON `section_items` (`user_id`,`item_type`,`is_completed`);--> statement-breakpoint
CREATE INDEX `section_items_project` ON `section_items` (`project_id`);--> statement-breakpoint
CREATE INDEX `section_items_assignee` ON `section_items` (`assigned_to_team_member_id`);--> statement-breakpoint
CREATE INDEX `section_items_carried` ON `section_items` (`carried_from_item_id`);--> statement-breakpoint
CREATE TABLE `section_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `section_templates_user` ON `section_templates` (`user_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `system_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`setting_value` text NOT NULL,
	`setting_type` text NOT NULL,
	`description` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `talking_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_member_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer,
	`content` text NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `talking_points_member` ON `talking_points` (`team_member_id`);--> statement-breakpoint
CREATE INDEX `talking_points_user` ON `talking_points` (`user_id`);--> statement-breakpoint
CREATE INDEX `talking_points_project` ON `talking_points` (`project_id`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`name` text NOT NULL,
	`title` text,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_uuid_unique` ON `team_members` (`uuid`);--> statement-breakpoint
CREATE INDEX `team_members_user` ON `team_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`report_frequency` text DEFAULT 'weekly' NOT NULL,
	`weekly_start_day` text DEFAULT 'monday' NOT NULL,
	`weekly_end_day` text DEFAULT 'friday' NOT NULL,
	`onboarding_complete` integer DEFAULT false NOT NULL,
	`carry_over` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`provider_name` text,
	`picture` text,
	`last_seen_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_provider_uid` ON `users` (`provider`,`provider_user_id`);--> statement-breakpoint
CREATE INDEX `users_email` ON `users` (`email`);