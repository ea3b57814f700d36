-- Nudge: an executive nudges one person (the address) at most once in that person's week.
CREATE UNIQUE INDEX "deliveries_nudge_once" ON "deliveries" USING btree ("user_id","recipients","week_start_date") WHERE kind = 'nudge';
