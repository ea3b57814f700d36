ALTER TABLE "ask_answers" ADD COLUMN "reader_key" text;--> statement-breakpoint
ALTER TABLE "ask_answers" ADD COLUMN "replaced_at" text;--> statement-breakpoint
ALTER TABLE "ask_answers" ADD COLUMN "edition_number" integer;--> statement-breakpoint
ALTER TABLE "ask_answers" ADD COLUMN "wording" text;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "ask_root_item_id" integer;--> statement-breakpoint
ALTER TABLE "section_items" ADD COLUMN "from_reader" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "section_items" ADD COLUMN "include_in_brief" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "recipient_email" text;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "token_nonce" text;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "opened_edition_number" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "confidentiality_line" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "paper_size" text DEFAULT 'letter' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ask_answers_current" ON "ask_answers" USING btree ("item_id","reader_key") WHERE reader_key IS NOT NULL AND replaced_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_ask_once" ON "decisions" USING btree ("ask_root_item_id") WHERE ask_root_item_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_report_recipient" ON "shares" USING btree ("report_id","recipient_email") WHERE recipient_email IS NOT NULL AND revoked_at IS NULL;