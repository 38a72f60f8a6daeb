-- Plant sharing and expert Q&A: listings with their conversations, questions with their answers
-- and tags, and the full-text indexes their search boxes use (FTS5 external-content tables kept
-- in step by triggers). Each trigger is written on one line: the migration runner splits
-- statements at semicolons that end a line.
CREATE TABLE plant_listings (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title              TEXT NOT NULL,
    plant_name         TEXT NOT NULL,
    plant_type         TEXT NOT NULL,
    species            TEXT NOT NULL DEFAULT '',
    description        TEXT NOT NULL DEFAULT '',
    listing_type       TEXT NOT NULL CHECK (listing_type IN ('Free', 'Swap', 'Sell')),
    -- Pence; only Sell listings have a price.
    price_cents        INTEGER CHECK (price_cents IS NULL OR (price_cents >= 0 AND listing_type = 'Sell')),
    quantity           INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
    location           TEXT NOT NULL DEFAULT '',
    image_url          TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Closed')),
    source_plant_id    INTEGER REFERENCES plants (id) ON DELETE SET NULL,
    completed_with_id  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    added_to_plant_id  INTEGER REFERENCES plants (id) ON DELETE SET NULL,
    created_at         DATETIME NOT NULL,
    updated_at         DATETIME NOT NULL,
    expires_at         DATETIME NOT NULL,
    closed_at          DATETIME,
    expiry_reminded_at DATETIME
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

CREATE VIRTUAL TABLE plant_listings_fts USING fts5 (
    title, plant_name, species, description,
    content = 'plant_listings', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER plant_listings_ai AFTER INSERT ON plant_listings BEGIN INSERT INTO plant_listings_fts (rowid, title, plant_name, species, description) VALUES (new.id, new.title, new.plant_name, new.species, new.description); END;
CREATE TRIGGER plant_listings_ad AFTER DELETE ON plant_listings BEGIN INSERT INTO plant_listings_fts (plant_listings_fts, rowid, title, plant_name, species, description) VALUES ('delete', old.id, old.title, old.plant_name, old.species, old.description); END;
CREATE TRIGGER plant_listings_au AFTER UPDATE OF title, plant_name, species, description ON plant_listings BEGIN INSERT INTO plant_listings_fts (plant_listings_fts, rowid, title, plant_name, species, description) VALUES ('delete', old.id, old.title, old.plant_name, old.species, old.description); INSERT INTO plant_listings_fts (rowid, title, plant_name, species, description) VALUES (new.id, new.title, new.plant_name, new.species, new.description); END;

-- A conversation is (listing, partner): the partner is the person who is not the owner.
CREATE TABLE listing_messages (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    listing_id INTEGER NOT NULL REFERENCES plant_listings (id) ON DELETE CASCADE,
    partner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sender_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message    TEXT NOT NULL,
    created_at DATETIME NOT NULL
);
CREATE INDEX listing_messages_listing ON listing_messages (listing_id, id);
CREATE INDEX listing_messages_conversation ON listing_messages (listing_id, partner_id, id);
CREATE INDEX listing_messages_partner ON listing_messages (partner_id);
CREATE INDEX listing_messages_sender ON listing_messages (sender_id);

CREATE TABLE expert_questions (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title              TEXT NOT NULL,
    content            TEXT NOT NULL,
    content_text       TEXT NOT NULL,
    image_url          TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Answered')),
    answer_count       INTEGER NOT NULL DEFAULT 0,
    -- No foreign key: answers reference questions; the service keeps this one of its answers.
    accepted_answer_id INTEGER,
    expert_answered    BOOLEAN NOT NULL DEFAULT 0,
    created_at         DATETIME NOT NULL,
    updated_at         DATETIME NOT NULL
);
CREATE INDEX expert_questions_user ON expert_questions (user_id, id);
CREATE INDEX expert_questions_status ON expert_questions (status, id);

CREATE VIRTUAL TABLE expert_questions_fts USING fts5 (
    title, content_text,
    content = 'expert_questions', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER expert_questions_ai AFTER INSERT ON expert_questions BEGIN INSERT INTO expert_questions_fts (rowid, title, content_text) VALUES (new.id, new.title, new.content_text); END;
CREATE TRIGGER expert_questions_ad AFTER DELETE ON expert_questions BEGIN INSERT INTO expert_questions_fts (expert_questions_fts, rowid, title, content_text) VALUES ('delete', old.id, old.title, old.content_text); END;
CREATE TRIGGER expert_questions_au AFTER UPDATE OF title, content_text ON expert_questions BEGIN INSERT INTO expert_questions_fts (expert_questions_fts, rowid, title, content_text) VALUES ('delete', old.id, old.title, old.content_text); INSERT INTO expert_questions_fts (rowid, title, content_text) VALUES (new.id, new.title, new.content_text); END;

CREATE TABLE question_tags (
    question_id INTEGER NOT NULL REFERENCES expert_questions (id) ON DELETE CASCADE,
    tag         TEXT NOT NULL,
    PRIMARY KEY (question_id, tag)
);
CREATE INDEX question_tags_tag ON question_tags (tag, question_id);

CREATE TABLE expert_answers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    question_id INTEGER NOT NULL REFERENCES expert_questions (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content     TEXT NOT NULL,
    by_expert   BOOLEAN NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL
);
CREATE INDEX expert_answers_question ON expert_answers (question_id, by_expert, id);
CREATE INDEX expert_answers_user ON expert_answers (user_id);
