-- The expert Q&A tag cloud (GET /api/expert-qa/tags) counted every tag of every question on each
-- read: question_tag_counts keeps each tag's count, kept by a trigger on question_tags (also on
-- the cascades of a question's or a user's deletion), so the read takes the first rows of an
-- index whatever the number of questions (docs/performance.md, "1k → 1M plants"). The trigger
-- function stays on one line: migrations are cut into statements at line-ending semicolons.
CREATE TABLE question_tag_counts (
    tag TEXT PRIMARY KEY,
    n   INTEGER NOT NULL CHECK (n > 0)
);
CREATE INDEX question_tag_counts_n ON question_tag_counts (n DESC, tag);
INSERT INTO question_tag_counts (tag, n) SELECT tag, count(*) FROM question_tags GROUP BY tag;
CREATE FUNCTION question_tags_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('DELETE', 'UPDATE') THEN DELETE FROM question_tag_counts WHERE tag = OLD.tag AND n = 1; UPDATE question_tag_counts SET n = n - 1 WHERE tag = OLD.tag; END IF; IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO question_tag_counts (tag, n) VALUES (NEW.tag, 1) ON CONFLICT (tag) DO UPDATE SET n = question_tag_counts.n + 1; END IF; RETURN NULL; END $$;
CREATE TRIGGER question_tags_count AFTER INSERT OR DELETE OR UPDATE OF tag ON question_tags FOR EACH ROW EXECUTE FUNCTION question_tags_count();
