-- Plant sharing and expert Q&A: listings with their conversations, questions with their answers
-- and tags, and the full-text search columns (generated tsvectors with GIN indexes).
CREATE TABLE plant_listings (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title              TEXT NOT NULL,
    plant_name         TEXT NOT NULL,
    plant_type         TEXT NOT NULL,
    species            TEXT NOT NULL DEFAULT '',
    description        TEXT NOT NULL DEFAULT '',
    listing_type       TEXT NOT NULL CHECK (listing_type IN ('Free', 'Swap', 'Sell')),
    -- Pence; only Sell listings have a price.
    price_cents        BIGINT CHECK (price_cents IS NULL OR (price_cents >= 0 AND listing_type = 'Sell')),
    quantity           INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
    location           TEXT NOT NULL DEFAULT '',
    image_url          TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Closed')),
    source_plant_id    BIGINT REFERENCES plants (id) ON DELETE SET NULL,
    completed_with_id  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    added_to_plant_id  BIGINT REFERENCES plants (id) ON DELETE SET NULL,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL,
    expires_at         TIMESTAMPTZ NOT NULL,
    closed_at          TIMESTAMPTZ,
    expiry_reminded_at TIMESTAMPTZ,
    search             TSVECTOR GENERATED ALWAYS AS (to_tsvector('english',
        title || ' ' || plant_name || ' ' || species || ' ' || description)) STORED
);
-- Newest first is id order; each filter has an index ending in id.
CREATE INDEX plant_listings_user ON plant_listings (user_id, id);
CREATE INDEX plant_listings_status ON plant_listings (status, expires_at, id);
CREATE INDEX plant_listings_type ON plant_listings (listing_type, id);
CREATE INDEX plant_listings_plant_type ON plant_listings (plant_type, id);
-- Foreign keys are indexed so that deleting a user or a plant does not scan the listings.
CREATE INDEX plant_listings_source_plant ON plant_listings (source_plant_id);
CREATE INDEX plant_listings_completed_with ON plant_listings (completed_with_id);
CREATE INDEX plant_listings_added_to_plant ON plant_listings (added_to_plant_id);
CREATE INDEX plant_listings_reminder ON plant_listings (expires_at) WHERE status = 'Open' AND expiry_reminded_at IS NULL;
CREATE INDEX plant_listings_search ON plant_listings USING GIN (search);

-- A conversation is (listing, partner): the partner is the person who is not the owner.
CREATE TABLE listing_messages (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    listing_id BIGINT NOT NULL REFERENCES plant_listings (id) ON DELETE CASCADE,
    partner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sender_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX listing_messages_listing ON listing_messages (listing_id, id);
CREATE INDEX listing_messages_conversation ON listing_messages (listing_id, partner_id, id);
CREATE INDEX listing_messages_partner ON listing_messages (partner_id);
CREATE INDEX listing_messages_sender ON listing_messages (sender_id);

CREATE TABLE expert_questions (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title              TEXT NOT NULL,
    content            TEXT NOT NULL,
    content_text       TEXT NOT NULL,
    image_url          TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Answered')),
    answer_count       INTEGER NOT NULL DEFAULT 0,
    -- No foreign key: answers reference questions; the service keeps this one of its answers.
    accepted_answer_id BIGINT,
    expert_answered    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL,
    search             TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || content_text)) STORED
);
CREATE INDEX expert_questions_user ON expert_questions (user_id, id);
CREATE INDEX expert_questions_status ON expert_questions (status, id);
CREATE INDEX expert_questions_search ON expert_questions USING GIN (search);

CREATE TABLE question_tags (
    question_id BIGINT NOT NULL REFERENCES expert_questions (id) ON DELETE CASCADE,
    tag         TEXT NOT NULL,
    PRIMARY KEY (question_id, tag)
);
CREATE INDEX question_tags_tag ON question_tags (tag, question_id);

CREATE TABLE expert_answers (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    question_id BIGINT NOT NULL REFERENCES expert_questions (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content     TEXT NOT NULL,
    by_expert   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX expert_answers_question ON expert_answers (question_id, by_expert, id);
CREATE INDEX expert_answers_user ON expert_answers (user_id);
