-- A search reads the user's newest index entries in rowid order and stops when a batch of matches
-- is found (src/search/pg.ts, matches): the cost of a word found in most of her entries no longer
-- grows with her history (issue 45). SQLite's FTS5 answers in rowid order already.
CREATE INDEX "search_index_user_rowid" ON "search_index" USING btree ("user_id","rowid");
