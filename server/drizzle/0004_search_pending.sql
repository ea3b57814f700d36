-- Section items are indexed for search off the write path (src/search/engine.ts): a write records
-- the item's index rowid in search_pending (a plain table: no FTS5 segment, no merge, and rolled
-- back with the write), and the search side applies the pending entries in one batch before it
-- answers a query and in the background. The other indexed tables keep their direct triggers.
CREATE TABLE `search_pending` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `section_items_search_insert`;
--> statement-breakpoint
DROP TRIGGER `section_items_search_update`;
--> statement-breakpoint
DROP TRIGGER `section_items_search_delete`;
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
-- One segment for the whole index: a database migrated with data (0003 refilled the index in one
-- statement) holds a few large level-0 segments that every later automerge would rewrite.
INSERT INTO search_index(search_index) VALUES ('optimize');
