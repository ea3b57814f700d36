ALTER TABLE "ask_answers" ADD COLUMN "seen_at" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "owner_member_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_member_id_team_members_id_fk" FOREIGN KEY ("owner_member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ask_answers_user_seen" ON "ask_answers" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "projects_owner_member" ON "projects" USING btree ("owner_member_id");