-- Community forum: categories, topics, replies, likes, reports, views counted once per viewer,
-- watch levels, the claims that keep reply notifications to one per topic per hour, and
-- full-text search: a generated tsvector per topic (title weighted above body) and per reply,
-- each with a GIN index. The 'simple' configuration keeps every word, short ones included.
CREATE TABLE forum_categories (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         TEXT NOT NULL,
    slug         TEXT NOT NULL UNIQUE,
    description  TEXT NOT NULL DEFAULT '',
    topics_count INTEGER NOT NULL DEFAULT 0 CHECK (topics_count >= 0),
    sort_order   INTEGER NOT NULL DEFAULT 0 CHECK (sort_order >= 0),
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX forum_categories_order ON forum_categories (sort_order, name, id);

CREATE TABLE forum_topics (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    category_id      BIGINT NOT NULL REFERENCES forum_categories (id) ON DELETE RESTRICT,
    author_id        BIGINT REFERENCES users (id) ON DELETE SET NULL,
    title            TEXT NOT NULL,
    content          TEXT NOT NULL,
    body_text        TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL,
    post_count       INTEGER NOT NULL DEFAULT 0 CHECK (post_count >= 0),
    view_count       INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
    pinned           BOOLEAN NOT NULL DEFAULT FALSE,
    locked           BOOLEAN NOT NULL DEFAULT FALSE,
    in_review        BOOLEAN NOT NULL DEFAULT FALSE,
    last_activity_at TIMESTAMPTZ NOT NULL,
    search           TSVECTOR GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || to_tsvector('simple', body_text)) STORED
);
CREATE INDEX forum_topics_search ON forum_topics USING GIN (search);
CREATE INDEX forum_topics_category ON forum_topics (category_id, pinned, last_activity_at, id);
CREATE INDEX forum_topics_latest ON forum_topics (last_activity_at, id);
CREATE INDEX forum_topics_popular ON forum_topics (view_count, post_count, id);
CREATE INDEX forum_topics_author ON forum_topics (author_id, created_at);

CREATE TABLE forum_posts (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    topic_id   BIGINT NOT NULL REFERENCES forum_topics (id) ON DELETE CASCADE,
    author_id  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    content    TEXT NOT NULL,
    body_text  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    likes      INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
    in_review  BOOLEAN NOT NULL DEFAULT FALSE,
    search     TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', body_text)) STORED
);
CREATE INDEX forum_posts_search ON forum_posts USING GIN (search);
CREATE INDEX forum_posts_topic ON forum_posts (topic_id, created_at, id);
CREATE INDEX forum_posts_author ON forum_posts (author_id, created_at);

CREATE TABLE forum_likes (
    post_id    BIGINT NOT NULL REFERENCES forum_posts (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (post_id, user_id)
);
CREATE INDEX forum_likes_user ON forum_likes (user_id);

-- One report per user per post, ever: a cleared report keeps its row (resolved_at).
CREATE TABLE forum_reports (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id     BIGINT NOT NULL REFERENCES forum_posts (id) ON DELETE CASCADE,
    reporter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason      TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    resolved_at TIMESTAMPTZ,
    UNIQUE (post_id, reporter_id)
);
CREATE INDEX forum_reports_reporter ON forum_reports (reporter_id);
CREATE INDEX forum_reports_open ON forum_reports (resolved_at, created_at);

-- viewer_key is "u:<user id>" for signed-in readers and "a:<address hash>:<day>" for visitors.
CREATE TABLE forum_topic_views (
    topic_id   BIGINT NOT NULL REFERENCES forum_topics (id) ON DELETE CASCADE,
    viewer_key TEXT NOT NULL,
    viewed_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (topic_id, viewer_key)
);
CREATE INDEX forum_topic_views_time ON forum_topic_views (viewed_at);

CREATE TABLE forum_watches (
    user_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    topic_id BIGINT NOT NULL REFERENCES forum_topics (id) ON DELETE CASCADE,
    level    TEXT NOT NULL CHECK (level IN ('watching', 'normal', 'muted')),
    PRIMARY KEY (user_id, topic_id)
);
CREATE INDEX forum_watches_topic ON forum_watches (topic_id);

CREATE TABLE forum_notify_claims (
    user_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    topic_id BIGINT NOT NULL REFERENCES forum_topics (id) ON DELETE CASCADE,
    kind     TEXT NOT NULL,
    sent_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, topic_id, kind)
);
CREATE INDEX forum_notify_claims_topic ON forum_notify_claims (topic_id);

