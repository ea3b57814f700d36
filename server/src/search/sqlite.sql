-- The search index's triggers (src/search/sqlite.ts; docs/database.md, "Triggers and functions").
-- The source of truth for these triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
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
CREATE TRIGGER `section_items_search_insert` AFTER INSERT ON `section_items` BEGIN
  INSERT OR IGNORE INTO search_pending(id) VALUES (new.id * 8 + 4);
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_update` AFTER UPDATE OF id, content, user_id ON `section_items` BEGIN
  INSERT OR IGNORE INTO search_pending(id) VALUES (old.id * 8 + 4);
INSERT OR IGNORE INTO search_pending(id) VALUES (new.id * 8 + 4);
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_delete` AFTER DELETE ON `section_items` BEGIN
  INSERT OR IGNORE INTO search_pending(id) VALUES (old.id * 8 + 4);
END;
--> statement-breakpoint
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
