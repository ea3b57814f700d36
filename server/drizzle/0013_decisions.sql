-- The decision log: what was decided, by whom (null: the user; else one of their team members),
-- when, why, and when to revisit it.
CREATE TABLE `decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`decided_on` text NOT NULL,
	`decided_by_member_id` integer,
	`decided_by_name` text,
	`rationale` text,
	`revisit_on` text,
	`project_id` integer,
	`source_item_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`source_item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `decisions_user` ON `decisions` (`user_id`,`decided_on`);--> statement-breakpoint
CREATE INDEX `decisions_member` ON `decisions` (`decided_by_member_id`);--> statement-breakpoint
CREATE INDEX `decisions_project` ON `decisions` (`project_id`);--> statement-breakpoint
CREATE INDEX `decisions_source_item` ON `decisions` (`source_item_id`);--> statement-breakpoint
CREATE INDEX `decisions_revisit` ON `decisions` (`user_id`,`revisit_on`);--> statement-breakpoint
-- A decision's revisit made into a follow-up: one row per decision and revisit date, so the
-- unique index makes the follow-up once whatever runs at the same moment.
CREATE TABLE `decision_revisits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`decision_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`revisit_on` text NOT NULL,
	`report_id` integer NOT NULL,
	`item_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`decision_id`) REFERENCES `decisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `section_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decision_revisits_once` ON `decision_revisits` (`decision_id`,`revisit_on`);--> statement-breakpoint
CREATE INDEX `decision_revisits_user` ON `decision_revisits` (`user_id`);--> statement-breakpoint
CREATE INDEX `decision_revisits_report` ON `decision_revisits` (`report_id`);--> statement-breakpoint
CREATE INDEX `decision_revisits_item` ON `decision_revisits` (`item_id`);--> statement-breakpoint
-- Data versions (src/lib/http-cache.ts) for the new tables, as in 0003_perf_indexes.sql.
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
-- Search (src/search/): a decision is type code 0 of the rowid (id * 8 + 0), its title and why.
CREATE TRIGGER `decisions_search_insert` AFTER INSERT ON `decisions` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8, new.user_id, 'decision', new.id, 'u' || new.user_id, new.title, coalesce(new.rationale, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_search_update` AFTER UPDATE OF title, rationale, user_id ON `decisions` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body) VALUES (new.id * 8, new.user_id, 'decision', new.id, 'u' || new.user_id, new.title, coalesce(new.rationale, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_search_delete` AFTER DELETE ON `decisions` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8;
END;
