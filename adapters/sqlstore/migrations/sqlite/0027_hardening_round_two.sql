-- Issue #22, round two of the hardening.

-- The layout copy quota's record: each user's copies of the last minute (older rows are deleted
-- as the next copy is counted).
CREATE TABLE layout_copies (
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    copied_at DATETIME NOT NULL
);
CREATE INDEX layout_copies_user ON layout_copies (user_id, copied_at);

-- A category's topics under review, kept beside topics_count in the same transactions: readers
-- other than moderators are shown topics_count - review_topics_count.
ALTER TABLE forum_categories ADD COLUMN review_topics_count INTEGER NOT NULL DEFAULT 0;
UPDATE forum_categories SET review_topics_count =
    (SELECT count(*) FROM forum_topics t WHERE t.category_id = forum_categories.id AND t.in_review);

-- A post or topic hidden or deleted takes its reply and mention notifications with it: these
-- find them by the post or topic their data names.
CREATE INDEX notifications_forum_post ON notifications (json_extract(data, '$.postId'))
    WHERE kind IN ('forum_reply', 'forum_mention');
CREATE INDEX notifications_forum_topic ON notifications (json_extract(data, '$.topicId'))
    WHERE kind IN ('forum_reply', 'forum_mention');

-- Experts are a flag of a user category that only superadmins set, no longer a category named
-- "Experts" (which any admin could rename one to). Backfilled once from that name match.
ALTER TABLE user_categories ADD COLUMN experts BOOLEAN NOT NULL DEFAULT 0;
UPDATE user_categories SET experts = 1 WHERE lower(trim(name)) = 'experts';
