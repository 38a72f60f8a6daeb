-- Every search box matches its last word as a prefix ("seedl" finds "seedlings"). Without a
-- prefix index, FTS5 answers a prefix query by reading the whole doclist of every term that
-- starts with it and merging them in memory before the first row, even when the query walks the
-- newest rows and stops at a page: 3–10 ms for 60,000 listings that say "seedlings" (issue #14).
-- With prefix indexes for prefixes of 1 to 10 characters a prefix query reads one doclist, in
-- rowid order, and stops where the query stops: 0.1 ms. Longer prefixes (a query word whose
-- token is over 10 characters) still merge, but few documents share such a prefix. The
-- indexes cost about four times the FTS index's size (60,000 listings: 2.7 → 12.5 MB).
--
-- The tables are rebuilt with the option: the listings' and questions' from their content
-- tables (their triggers name the table, so they keep working), the forum's from topics and
-- replies as a restore rebuilds it (rowid: topic id * 2, reply id * 2 + 1; see 0008_forum.sql).
DROP TABLE plant_listings_fts;
CREATE VIRTUAL TABLE plant_listings_fts USING fts5 (
    title, plant_name, species, description,
    content = 'plant_listings', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2',
    prefix = '1 2 3 4 5 6 7 8 9 10'
);
INSERT INTO plant_listings_fts (plant_listings_fts) VALUES ('rebuild');

DROP TABLE expert_questions_fts;
CREATE VIRTUAL TABLE expert_questions_fts USING fts5 (
    title, content_text,
    content = 'expert_questions', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2',
    prefix = '1 2 3 4 5 6 7 8 9 10'
);
INSERT INTO expert_questions_fts (expert_questions_fts) VALUES ('rebuild');

DROP TABLE forum_search;
CREATE VIRTUAL TABLE forum_search USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8 9 10');
INSERT INTO forum_search (rowid, title, body) SELECT id * 2, title, body_text FROM forum_topics;
INSERT INTO forum_search (rowid, title, body) SELECT id * 2 + 1, '', body_text FROM forum_posts;
