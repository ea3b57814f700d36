-- What must happen once is made once by the database (docs/architecture.md, "Exactly once").
-- An item is carried forward at most once. Copies made twice by two carry-overs at the same
-- moment before this index keep their content; all but the first stop naming the source.
UPDATE `section_items` SET `carried_from_item_id` = NULL
WHERE `carried_from_item_id` IS NOT NULL
  AND `id` > (SELECT min(x.`id`) FROM `section_items` x WHERE x.`carried_from_item_id` = `section_items`.`carried_from_item_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `section_items_carried_once` ON `section_items` (`carried_from_item_id`) WHERE carried_from_item_id IS NOT NULL;--> statement-breakpoint
-- One question e-mail waits per brief; one queued twice by readers asking at the same moment is
-- not needed (the first lists every unanswered question when it goes).
UPDATE `deliveries` SET `status` = 'failed', `last_error` = 'Not needed: another e-mail lists these questions'
WHERE `kind` = 'question' AND `status` = 'pending' AND `report_id` IS NOT NULL
  AND `id` > (SELECT min(x.`id`) FROM `deliveries` x WHERE x.`kind` = 'question' AND x.`status` = 'pending' AND x.`report_id` = `deliveries`.`report_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_question_waiting` ON `deliveries` (`report_id`) WHERE kind = 'question' AND status = 'pending';--> statement-breakpoint
-- A report item inserted with a negative sort_order goes last in its section (as on PostgreSQL,
-- where it is placed at commit): items inserted together are placed in the order inserted.
CREATE TRIGGER `section_items_place` AFTER INSERT ON `section_items` WHEN NEW.sort_order < 0 BEGIN
  UPDATE `section_items` SET `sort_order` = (SELECT coalesce(max(`sort_order`), -1) + 1 FROM `section_items` WHERE `section_id` = NEW.`section_id`) WHERE `id` = NEW.`id`;
END;
