-- Issue 27 item 8 (things that can be edited): when the author last changed what they wrote.
-- NULL until the first edit, so "(edited)" is shown exactly for rows that were changed after
-- posting; updated_at already moves for other reasons (a listing's status or renewal, a
-- question's answers), so it cannot tell an edit apart.
ALTER TABLE journal_entries ADD COLUMN edited_at DATETIME;
ALTER TABLE plant_listings ADD COLUMN edited_at DATETIME;
ALTER TABLE expert_questions ADD COLUMN edited_at DATETIME;
ALTER TABLE forum_topics ADD COLUMN edited_at DATETIME;
