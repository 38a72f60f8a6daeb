package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

type questionRow struct {
	ID               int64         `db:"id"`
	UserID           int64         `db:"user_id"`
	Title            string        `db:"title"`
	Content          string        `db:"content"`
	ContentText      string        `db:"content_text"`
	ImageURL         string        `db:"image_url"`
	Status           string        `db:"status"`
	AnswerCount      int           `db:"answer_count"`
	AcceptedAnswerID sql.NullInt64 `db:"accepted_answer_id"`
	ExpertAnswered   bool          `db:"expert_answered"`
	CreatedAt        time.Time     `db:"created_at"`
	UpdatedAt        time.Time     `db:"updated_at"`
	EditedAt         sql.NullTime  `db:"edited_at"`
	Username         string        `db:"username"`
}

const questionSelect = `SELECT q.id, q.user_id, q.title, q.content, q.content_text, q.image_url, q.status, q.answer_count,
	q.accepted_answer_id, q.expert_answered, q.created_at, q.updated_at, q.edited_at, u.username
	FROM expert_questions q JOIN users u ON u.id = q.user_id`

func (r *questionRow) toDomain() *domain.Question {
	return &domain.Question{ID: r.ID, UserID: r.UserID, Title: r.Title, Content: r.Content, ContentText: r.ContentText,
		ImageURL: r.ImageURL, Status: domain.QuestionStatus(r.Status), AnswerCount: r.AnswerCount,
		AcceptedAnswerID: nullInt(r.AcceptedAnswerID), ExpertAnswered: r.ExpertAnswered, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC(), EditedAt: nullTime(r.EditedAt), Username: r.Username, Tags: []string{}}
}

// CreateQuestion implements ports.QuestionStore.
func (s *Store) CreateQuestion(ctx context.Context, q *domain.Question) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		err := translate(tx.GetContext(ctx, &q.ID, s.q(`INSERT INTO expert_questions (user_id, title, content, content_text, image_url,
			status, answer_count, expert_answered, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`),
			q.UserID, q.Title, q.Content, q.ContentText, q.ImageURL, string(q.Status), false, utc(q.CreatedAt), utc(q.UpdatedAt)))
		if domain.ErrorCode(err) == domain.EConflict {
			return domain.Errorf(domain.ENotFound, "not found")
		} else if err != nil {
			return err
		}
		for _, t := range q.Tags {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO question_tags (question_id, tag) VALUES (?, ?)`), q.ID, t); err != nil {
				return translate(err)
			}
		}
		return nil
	})
}

// withTags fills the tags of qs with one query.
func (s *Store) withTags(ctx context.Context, q sqlx.QueryerContext, qs []*domain.Question) error {
	if len(qs) == 0 {
		return nil
	}
	byID := map[int64]*domain.Question{}
	ids := make([]int64, len(qs))
	for i, x := range qs {
		byID[x.ID], ids[i] = x, x.ID
	}
	query, args, err := sqlx.In(`SELECT question_id, tag FROM question_tags WHERE question_id IN (?) ORDER BY question_id, tag`, ids)
	if err != nil {
		return err
	}
	var rows []struct {
		QuestionID int64  `db:"question_id"`
		Tag        string `db:"tag"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, s.q(query), args...); err != nil {
		return translate(err)
	}
	for _, r := range rows {
		byID[r.QuestionID].Tags = append(byID[r.QuestionID].Tags, r.Tag)
	}
	return nil
}

func (s *Store) getQuestion(ctx context.Context, q sqlx.QueryerContext, id int64, lock bool) (*domain.Question, error) {
	query := questionSelect + ` WHERE q.id = ?`
	if lock && s.dialect == Postgres {
		query += ` FOR UPDATE OF q`
	}
	var r questionRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(query), id); err != nil {
		return nil, translate(err)
	}
	out := r.toDomain()
	return out, s.withTags(ctx, q, []*domain.Question{out})
}

// QuestionByID implements ports.QuestionStore.
func (s *Store) QuestionByID(ctx context.Context, id int64) (*domain.Question, error) {
	return s.getQuestion(ctx, s.db, id, false)
}

func (s *Store) selectQuestions(ctx context.Context, query string, args []any) ([]*domain.Question, error) {
	var rows []questionRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Question, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, s.withTags(ctx, s.db, out)
}

// ListQuestions implements ports.QuestionStore.
func (s *Store) ListQuestions(ctx context.Context, f ports.QuestionFilter, page domain.PageRequest) (domain.Page[*domain.Question], error) {
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Question]{}, err
	}
	var where []string
	var args []any
	query, id := questionSelect, "q.id"
	if terms := domain.SearchTerms(f.Search); len(terms) > 0 {
		rewrite, cond, arg, col := s.ftsDriven("expert_questions", "q", terms)
		query, id = rewrite(query), col
		where, args = append(where, cond), append(args, arg)
	}
	if ok {
		where, args = append(where, id+` < ?`), append(args, cur.ID)
	}
	if f.Status != "" {
		where, args = append(where, `q.status = ?`), append(args, string(f.Status))
	}
	if f.AuthorID != 0 {
		where, args = append(where, `q.user_id = ?`), append(args, f.AuthorID)
	}
	if tag := strings.ToLower(strings.TrimSpace(f.Tag)); tag != "" {
		where, args = append(where, `q.id IN (SELECT question_id FROM question_tags WHERE tag = ?)`), append(args, tag)
	}
	if s.dialect == Postgres && len(domain.SearchTerms(f.Search)) > 0 {
		// The newest matches through pgNewest: with one query the planner, whose estimate for
		// a prefix tsquery is a fixed share of the rows, walked every question backwards for a
		// word none has (53 ms at 100k plants against 1 ms at 1k; issue #30 item 6).
		// The search is where's first condition (the GIN index's), the rest follow it.
		newest, nargs := pgNewest(`q.*`, `expert_questions q`, "expert_questions", "q", where[0], args[:1], strings.Join(where[1:], ` AND `), args[1:], page.Limit+1)
		query = strings.Replace(query, `FROM expert_questions q `, `FROM `+newest+` q `, 1)
		args = nargs
	} else if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	out, err := s.selectQuestions(ctx, query+` ORDER BY `+id+` DESC LIMIT ?`, append(args, page.Limit+1))
	if err != nil {
		return domain.Page[*domain.Question]{}, err
	}
	return domain.PageOf(out, page, func(q *domain.Question) string { return domain.KeysetCursor{ID: q.ID}.Encode() }), nil
}

// similarCandidates bounds the questions SimilarQuestions ranks: the newest that share a word.
// Ranking every match grew with the questions (600 ms for 60,000 matches at 1M plants); the box
// suggests five while a title is typed. 100 (500 before) keeps the ranked rows near the small
// installation's (60 questions at 1k plants), so the call costs the same at 1M (docs/decisions.md,
// "The forum search ranks its newest matches").
const similarCandidates = 100

// SimilarQuestions implements ports.QuestionStore: of the newest similarCandidates questions
// sharing a word, the answered first, then the best matches.
func (s *Store) SimilarQuestions(ctx context.Context, search string, limit int) ([]*domain.Question, error) {
	terms := domain.SearchTerms(search)
	if len(terms) == 0 {
		return []*domain.Question{}, nil
	}
	cond, arg := s.ftsMatch("expert_questions", "q", terms, true)
	if s.dialect == Postgres {
		// The candidates are the newest matches (pgNewest: bounded when a word is common,
		// through the GIN index when it is rare); ts_rank runs on them alone, and the users are
		// joined to the page.
		newest, args := pgNewest(`q.*`, `expert_questions q`, "expert_questions", "q", cond, []any{arg}, "", nil, similarCandidates)
		return s.selectQuestions(ctx, `SELECT q.id, q.user_id, q.title, q.content, q.content_text, q.image_url, q.status, q.answer_count,
			q.accepted_answer_id, q.expert_answered, q.created_at, q.updated_at, u.username
			FROM (SELECT c.*, ts_rank(c.search, to_tsquery('english', ?)) AS rank FROM `+newest+` c
				ORDER BY (c.status = 'Answered') DESC, rank DESC, c.id DESC LIMIT ?) q
			JOIN users u ON u.id = q.user_id
			ORDER BY (q.status = 'Answered') DESC, q.rank DESC, q.id DESC`,
			append(append([]any{arg}, args...), limit))
	}
	// The FTS5 table walks the matches newest first and stops at the bound (with the prefix
	// indexes of 0023 a prefix term reads no further). bm25 is not used: it counts every match
	// of every word, which grew with the questions. Its weights are taken from the candidates
	// instead: a word's weight is bm25's idf with the candidates as the collection, so a word
	// most candidates share ("is", "my") weighs next to nothing, and a question's score is the
	// sum of its words' weights. The questions with a word that are at least as new as the
	// oldest candidate are all candidates, so each word's walk stops there too.
	var hits []string
	args := []any{arg, similarCandidates}
	for i, t := range terms {
		// Newest first down to the oldest candidate: ascending from it, FTS5 seeks by reading
		// the doclist from its start (0.3 ms against 0.1 ms at 60,000 questions).
		hits = append(hits, fmt.Sprintf(`SELECT * FROM (SELECT rowid AS rid, %d AS term FROM expert_questions_fts
			WHERE expert_questions_fts MATCH ? AND rowid >= (SELECT min(rid) FROM c) ORDER BY rowid DESC)`, i))
		args = append(args, `"`+t+`"*`)
	}
	return s.selectQuestions(ctx, `WITH c AS MATERIALIZED (SELECT rowid AS rid FROM expert_questions_fts
			WHERE expert_questions_fts MATCH ? ORDER BY rowid DESC LIMIT ?),
		h AS MATERIALIZED (`+strings.Join(hits, ` UNION ALL `)+`),
		w AS (SELECT term, max(ln(((SELECT count(*) FROM c) - count(*) + 0.5) / (count(*) + 0.5)), 1e-6) AS idf
			FROM h GROUP BY term),
		r AS (SELECT h.rid, sum(w.idf) AS score FROM h JOIN w ON w.term = h.term GROUP BY h.rid)
		SELECT q.id, q.user_id, q.title, q.content, q.content_text, q.image_url, q.status, q.answer_count,
			q.accepted_answer_id, q.expert_answered, q.created_at, q.updated_at, u.username
		FROM r JOIN expert_questions q ON q.id = r.rid JOIN users u ON u.id = q.user_id
		ORDER BY (q.status = 'Answered') DESC, r.score DESC, q.id DESC LIMIT ?`,
		append(args, limit))
}

// QuestionTags implements ports.QuestionStore: the counts the triggers of question_tag_counts
// keep (0018_scale_reads.sql), read in the order of their index.
func (s *Store) QuestionTags(ctx context.Context, limit int) ([]ports.TagCount, error) {
	var rows []struct {
		Tag   string `db:"tag"`
		Count int    `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT tag, n FROM question_tag_counts ORDER BY n DESC, tag LIMIT ?`), limit); err != nil {
		return nil, translate(err)
	}
	out := make([]ports.TagCount, len(rows))
	for i, r := range rows {
		out[i] = ports.TagCount{Tag: r.Tag, Count: r.Count}
	}
	return out, nil
}

func (s *Store) saveQuestion(ctx context.Context, tx *sqlx.Tx, q *domain.Question) error {
	_, err := tx.ExecContext(ctx, s.q(`UPDATE expert_questions SET status = ?, answer_count = ?, accepted_answer_id = ?,
		expert_answered = ?, updated_at = ? WHERE id = ?`), string(q.Status), q.AnswerCount, q.AcceptedAnswerID, q.ExpertAnswered,
		utc(q.UpdatedAt), q.ID)
	return translate(err)
}

// UpdateQuestion implements ports.QuestionStore. Tags are replaced only when they changed; the
// triggers keep question_tag_counts and (SQLite) the FTS table, the generated column the
// PostgreSQL search.
func (s *Store) UpdateQuestion(ctx context.Context, id int64, fn func(*domain.Question) error) (*domain.Question, error) {
	var out *domain.Question
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		q, err := s.getQuestion(ctx, tx, id, true)
		if err != nil {
			return err
		}
		owner, created, before := q.UserID, q.CreatedAt, strings.Join(q.Tags, "\x00")
		if err := fn(q); err != nil {
			return err
		}
		q.ID, q.UserID, q.CreatedAt = id, owner, created
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE expert_questions SET title = ?, content = ?, content_text = ?, image_url = ?,
			updated_at = ?, edited_at = ? WHERE id = ?`), q.Title, q.Content, q.ContentText, q.ImageURL, utc(q.UpdatedAt),
			utcPtr(q.EditedAt), id); err != nil {
			return translate(err)
		}
		sort.Strings(q.Tags)
		if strings.Join(q.Tags, "\x00") != before {
			if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM question_tags WHERE question_id = ?`), id); err != nil {
				return translate(err)
			}
			for _, t := range q.Tags {
				if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO question_tags (question_id, tag) VALUES (?, ?)`), id, t); err != nil {
					return translate(err)
				}
			}
		}
		out = q
		return nil
	})
	return out, err
}

// AddAnswer implements ports.QuestionStore.
func (s *Store) AddAnswer(ctx context.Context, a *domain.Answer, fn func(*domain.Question) error) (*domain.Question, error) {
	var out *domain.Question
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		q, err := s.getQuestion(ctx, tx, a.QuestionID, true)
		if err != nil {
			return err
		}
		if err := fn(q); err != nil {
			return err
		}
		if err := translate(tx.GetContext(ctx, &a.ID, s.q(`INSERT INTO expert_answers (question_id, user_id, content, by_expert, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`), a.QuestionID, a.UserID, a.Content, a.ByExpert, utc(a.CreatedAt))); err != nil {
			if domain.ErrorCode(err) == domain.EConflict {
				return domain.Errorf(domain.ENotFound, "not found")
			}
			return err
		}
		out = q
		return s.saveQuestion(ctx, tx, q)
	})
	return out, err
}

type answerRow struct {
	ID         int64     `db:"id"`
	QuestionID int64     `db:"question_id"`
	UserID     int64     `db:"user_id"`
	Content    string    `db:"content"`
	ByExpert   bool      `db:"by_expert"`
	Accepted   bool      `db:"accepted"`
	CreatedAt  time.Time `db:"created_at"`
	Username   string    `db:"username"`
}

const answerSelect = `SELECT a.id, a.question_id, a.user_id, a.content, a.by_expert, a.created_at, u.username,
	(q.accepted_answer_id IS NOT NULL AND q.accepted_answer_id = a.id) AS accepted
	FROM expert_answers a JOIN users u ON u.id = a.user_id JOIN expert_questions q ON q.id = a.question_id`

func (r *answerRow) toDomain() *domain.Answer {
	return &domain.Answer{ID: r.ID, QuestionID: r.QuestionID, UserID: r.UserID, Content: r.Content, ByExpert: r.ByExpert,
		Accepted: r.Accepted, CreatedAt: r.CreatedAt.UTC(), Username: r.Username}
}

// AnswerByID implements ports.QuestionStore.
func (s *Store) AnswerByID(ctx context.Context, questionID, answerID int64) (*domain.Answer, error) {
	var r answerRow
	if err := s.db.GetContext(ctx, &r, s.q(answerSelect+` WHERE a.question_id = ? AND a.id = ?`), questionID, answerID); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListAnswers implements ports.QuestionStore. The keyset is (by_expert descending, id): the
// cursor's key is "1" while experts' answers are being read, "0" after.
func (s *Store) ListAnswers(ctx context.Context, questionID int64, page domain.PageRequest) (domain.Page[*domain.Answer], error) {
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Answer]{}, err
	}
	query := answerSelect + ` WHERE a.question_id = ?`
	args := []any{questionID}
	if ok {
		expert := cur.Key == "1"
		query += ` AND (a.by_expert < ? OR (a.by_expert = ? AND a.id > ?))`
		args = append(args, expert, expert, cur.ID)
	}
	var rows []answerRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query+` ORDER BY a.by_expert DESC, a.id LIMIT ?`), append(args, page.Limit+1)...); err != nil {
		return domain.Page[*domain.Answer]{}, translate(err)
	}
	out := make([]*domain.Answer, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, page, func(a *domain.Answer) string {
		key := "0"
		if a.ByExpert {
			key = "1"
		}
		return domain.KeysetCursor{Key: key, ID: a.ID}.Encode()
	}), nil
}

// AcceptAnswer implements ports.QuestionStore.
func (s *Store) AcceptAnswer(ctx context.Context, questionID, answerID int64, fn func(*domain.Question, *domain.Answer) error) (*domain.Question, error) {
	var out *domain.Question
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		q, err := s.getQuestion(ctx, tx, questionID, true)
		if err != nil {
			return err
		}
		var r answerRow
		if err := tx.GetContext(ctx, &r, s.q(answerSelect+` WHERE a.question_id = ? AND a.id = ?`), questionID, answerID); err != nil {
			return translate(err)
		}
		if err := fn(q, r.toDomain()); err != nil {
			return err
		}
		out = q
		return s.saveQuestion(ctx, tx, q)
	})
	return out, err
}

// UserCategoryExperts implements ports.QuestionStore.
func (s *Store) UserCategoryExperts(ctx context.Context, userID int64) (bool, error) {
	var experts sql.NullBool
	err := s.db.GetContext(ctx, &experts, s.q(`SELECT c.experts FROM users u LEFT JOIN user_categories c ON c.id = u.category_id WHERE u.id = ?`), userID)
	if err != nil {
		return false, translate(err)
	}
	return experts.Bool, nil
}
