-- The item write path: a new item is placed last in its section by the database, and the group
-- commit (src/db/sqlite/statements/items.ts, docs/database.md "Group commit").
-- The source of truth for these triggers: `bun run --cwd server db:generate <name>` writes the
-- migration that installs a change made here, and `schema:check` fails while they disagree.
CREATE TRIGGER `section_items_place` AFTER INSERT ON `section_items` WHEN NEW.sort_order < 0 BEGIN
  UPDATE `section_items` SET `sort_order` = (SELECT coalesce(max(`sort_order`), -1) + 1 FROM `section_items` WHERE `section_id` = NEW.`section_id`) WHERE `id` = NEW.`id`;
END;
