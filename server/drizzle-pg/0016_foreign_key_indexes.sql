-- Every foreign key's column leads an index (src/db/foreign-keys.test.ts): deleting a parent row
-- looks its children up by that column, and without an index each deleted row scanned the child
-- table (a deleted item scanned share_questions twice, a deleted template all report sections).
CREATE INDEX "report_sections_template" ON "report_sections" USING btree ("section_template_id");--> statement-breakpoint
CREATE INDEX "ask_answers_report" ON "ask_answers" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "share_acknowledgements_share" ON "share_acknowledgements" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "share_acknowledgements_user" ON "share_acknowledgements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_used_by" ON "invitations" USING btree ("used_by_user_id");--> statement-breakpoint
CREATE INDEX "share_questions_item" ON "share_questions" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "share_questions_followup_item" ON "share_questions" USING btree ("followup_item_id");--> statement-breakpoint
CREATE INDEX "share_questions_share" ON "share_questions" USING btree ("share_id");
