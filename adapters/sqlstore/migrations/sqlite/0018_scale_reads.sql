-- The expert Q&A tag cloud (GET /api/expert-qa/tags) counted every tag of every question on each
-- read: question_tag_counts keeps each tag's count, kept by triggers on question_tags (also on
-- the cascades of a question's or a user's deletion), so the read takes the first rows of an
-- index whatever the number of questions (docs/performance.md, "1k → 1M plants").
CREATE TABLE question_tag_counts (
    tag TEXT PRIMARY KEY,
    n   INTEGER NOT NULL CHECK (n > 0)
);
CREATE INDEX question_tag_counts_n ON question_tag_counts (n DESC, tag);
INSERT INTO question_tag_counts (tag, n) SELECT tag, count(*) FROM question_tags GROUP BY tag;
CREATE TRIGGER question_tags_count_ai AFTER INSERT ON question_tags BEGIN INSERT INTO question_tag_counts (tag, n) VALUES (new.tag, 1) ON CONFLICT (tag) DO UPDATE SET n = n + 1; END;
CREATE TRIGGER question_tags_count_ad AFTER DELETE ON question_tags BEGIN DELETE FROM question_tag_counts WHERE tag = old.tag AND n = 1; UPDATE question_tag_counts SET n = n - 1 WHERE tag = old.tag; END;
CREATE TRIGGER question_tags_count_au AFTER UPDATE OF tag ON question_tags BEGIN DELETE FROM question_tag_counts WHERE tag = old.tag AND n = 1; UPDATE question_tag_counts SET n = n - 1 WHERE tag = old.tag; INSERT INTO question_tag_counts (tag, n) VALUES (new.tag, 1) ON CONFLICT (tag) DO UPDATE SET n = n + 1; END;
