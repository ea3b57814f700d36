-- Report items are indexed for search off the write path, as on SQLite (drizzle/0004): a write
-- only records the item's index rowid in search_pending, in its own transaction (rolled back with
-- it), and src/search/pg.ts applies the pending entries in batches, before a search answers and in
-- the background. The other indexed tables keep their direct triggers.
--
-- The queue is insert-only (an id of its own, the same rowid may be pending more than once): a
-- writer never updates, deletes or waits for a pending row, so it never meets a batch applying
-- them, and a batch applies only entries committed before its snapshot, whose item rows it
-- therefore reads as they were written. (Keyed by rowid, a write that finds its rowid already
-- pending would add nothing, while a batch whose snapshot predates that write claims the entry
-- and writes the older text: the edit would be lost from the index.)
CREATE TABLE search_pending (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rowid bigint NOT NULL
);
--> statement-breakpoint
-- The index was kept current by the previous trigger: nothing is pending for existing items.
CREATE OR REPLACE FUNCTION section_items_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_pending(rowid) VALUES (NEW.id::bigint * 8 + 4);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_pending(rowid) VALUES (OLD.id::bigint * 8 + 4);
  ELSIF OLD.id IS DISTINCT FROM NEW.id THEN
    INSERT INTO search_pending(rowid) VALUES (OLD.id::bigint * 8 + 4), (NEW.id::bigint * 8 + 4);
  ELSIF OLD.content IS DISTINCT FROM NEW.content OR OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    INSERT INTO search_pending(rowid) VALUES (NEW.id::bigint * 8 + 4);
  END IF;
  RETURN NULL;
END $$;
