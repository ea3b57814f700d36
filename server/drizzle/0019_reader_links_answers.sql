ALTER TABLE `ask_answers` ADD `reader_key` text;--> statement-breakpoint
ALTER TABLE `ask_answers` ADD `replaced_at` text;--> statement-breakpoint
ALTER TABLE `ask_answers` ADD `edition_number` integer;--> statement-breakpoint
ALTER TABLE `ask_answers` ADD `wording` text;--> statement-breakpoint
CREATE UNIQUE INDEX `ask_answers_current` ON `ask_answers` (`item_id`,`reader_key`) WHERE reader_key IS NOT NULL AND replaced_at IS NULL;--> statement-breakpoint
ALTER TABLE `decisions` ADD `ask_root_item_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `decisions_ask_once` ON `decisions` (`ask_root_item_id`) WHERE ask_root_item_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `section_items` ADD `from_reader` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `section_items` ADD `include_in_brief` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shares` ADD `recipient_email` text;--> statement-breakpoint
ALTER TABLE `shares` ADD `token_nonce` text;--> statement-breakpoint
ALTER TABLE `shares` ADD `opened_edition_number` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `shares_report_recipient` ON `shares` (`report_id`,`recipient_email`) WHERE recipient_email IS NOT NULL AND revoked_at IS NULL;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `confidentiality_line` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `paper_size` text DEFAULT 'letter' NOT NULL;