-- Full-text search (SQLite FTS5). The rowid encodes the entity: id * 8 + type code
-- (1 report, 2 project, 3 team member, 4 section item, 5 member task, 6 member follow-up,
-- 7 talking point), so triggers find a row by rowid. Read only through src/search/.
CREATE VIRTUAL TABLE `search_index` USING fts5(
  user_id UNINDEXED,
  entity_type UNINDEXED,
  entity_id UNINDEXED,
  title,
  body,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `reports_search_insert` AFTER INSERT ON `reports` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 1, new.user_id, 'report', new.id, coalesce(new.title, ''), coalesce(new.summary, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `reports_search_update` AFTER UPDATE OF title, summary, user_id ON `reports` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 1;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 1, new.user_id, 'report', new.id, coalesce(new.title, ''), coalesce(new.summary, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `reports_search_delete` AFTER DELETE ON `reports` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 1;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 1, X.user_id, 'report', X.id, coalesce(X.title, ''), coalesce(X.summary, '') FROM `reports` AS X;
--> statement-breakpoint
CREATE TRIGGER `projects_search_insert` AFTER INSERT ON `projects` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 2, new.user_id, 'project', new.id, new.name, '');
END;
--> statement-breakpoint
CREATE TRIGGER `projects_search_update` AFTER UPDATE OF name, user_id ON `projects` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 2;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 2, new.user_id, 'project', new.id, new.name, '');
END;
--> statement-breakpoint
CREATE TRIGGER `projects_search_delete` AFTER DELETE ON `projects` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 2;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 2, X.user_id, 'project', X.id, X.name, '' FROM `projects` AS X;
--> statement-breakpoint
CREATE TRIGGER `team_members_search_insert` AFTER INSERT ON `team_members` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 3, new.user_id, 'team_member', new.id, new.name, trim(coalesce(new.title, '') || ' ' || new.email));
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_search_update` AFTER UPDATE OF name, title, email, user_id ON `team_members` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 3;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 3, new.user_id, 'team_member', new.id, new.name, trim(coalesce(new.title, '') || ' ' || new.email));
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_search_delete` AFTER DELETE ON `team_members` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 3;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 3, X.user_id, 'team_member', X.id, X.name, trim(coalesce(X.title, '') || ' ' || X.email) FROM `team_members` AS X;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_insert` AFTER INSERT ON `section_items` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 4, new.user_id, 'section_item', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_update` AFTER UPDATE OF content, user_id ON `section_items` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 4;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 4, new.user_id, 'section_item', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `section_items_search_delete` AFTER DELETE ON `section_items` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 4;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 4, X.user_id, 'section_item', X.id, '', X.content FROM `section_items` AS X;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_search_insert` AFTER INSERT ON `member_tasks` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 5, new.user_id, 'member_task', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_search_update` AFTER UPDATE OF content, user_id ON `member_tasks` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 5;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 5, new.user_id, 'member_task', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_tasks_search_delete` AFTER DELETE ON `member_tasks` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 5;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 5, X.user_id, 'member_task', X.id, '', X.content FROM `member_tasks` AS X;
--> statement-breakpoint
CREATE TRIGGER `member_followups_search_insert` AFTER INSERT ON `member_followups` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 6, new.user_id, 'member_followup', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_search_update` AFTER UPDATE OF content, user_id ON `member_followups` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 6;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 6, new.user_id, 'member_followup', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `member_followups_search_delete` AFTER DELETE ON `member_followups` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 6;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 6, X.user_id, 'member_followup', X.id, '', X.content FROM `member_followups` AS X;
--> statement-breakpoint
CREATE TRIGGER `talking_points_search_insert` AFTER INSERT ON `talking_points` BEGIN
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 7, new.user_id, 'talking_point', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_search_update` AFTER UPDATE OF content, user_id ON `talking_points` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 7;
  INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) VALUES (new.id * 8 + 7, new.user_id, 'talking_point', new.id, '', new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `talking_points_search_delete` AFTER DELETE ON `talking_points` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 8 + 7;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body) SELECT X.id * 8 + 7, X.user_id, 'talking_point', X.id, '', X.content FROM `talking_points` AS X;
