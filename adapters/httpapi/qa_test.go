package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func (h *harness) question(token, title string, tags ...string) int64 {
	h.t.Helper()
	r := h.do("POST", "/api/expert-qa", token, map[string]any{"title": title, "content": "<p>" + title + " — the details of it all.</p>", "tags": tags})
	if r.status != 201 {
		h.t.Fatalf("ask: %d %s", r.status, r.raw)
	}
	return int64(r.body["id"].(float64))
}

// expert makes a user a member of a user category marked Experts and signs them in.
func (h *harness) expert(name string) string {
	h.t.Helper()
	ctx := context.Background()
	tok := h.gardener(name)
	cat := &domain.UserCategory{Name: "Experts " + name, Experts: true, CreatedAt: h.clock.Now()}
	if err := h.store.CreateUserCategory(ctx, cat); err != nil {
		h.t.Fatal(err)
	}
	u, _ := h.store.UserByUsername(ctx, name)
	if _, err := h.store.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.CategoryID = &cat.ID; return nil }); err != nil {
		h.t.Fatal(err)
	}
	return tok
}

func TestExpertQA_AskSanitizedAndForgedOwner(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	bea := h.gardener("bea")
	annUser := h.user("ann", domain.RoleUser)
	r := h.do("POST", "/api/expert-qa", bea, map[string]any{"title": "Yellow basil leaves", "userId": annUser.ID, "tags": []string{"Basil", "herbs"},
		"content": `<p onclick="x()">The lower leaves turn <b>yellow</b>.<script>alert(1)</script> What now?</p>`, "imageUrl": "/api/images/x.png"})
	expect(t, r, 201, "")
	if r.body["username"] != "bea" || r.body["status"] != "Open" || r.body["imageUrl"] != "/api/images/x.png" {
		t.Fatalf("%s", r.raw)
	}
	content := r.body["content"].(string)
	if strings.Contains(content, "script") || strings.Contains(content, "onclick") || !strings.Contains(content, "<b>yellow</b>") {
		t.Fatalf("not sanitized: %q", content)
	}
	if fmt.Sprint(r.body["tags"]) != "[basil herbs]" {
		t.Fatalf("tags %v", r.body["tags"])
	}
	for name, c := range map[string]struct {
		body map[string]any
		msg  string
	}{
		"TitleShort":   {map[string]any{"title": "Why?", "content": strings.Repeat("word ", 5)}, "Title must be at least 5 characters"},
		"TitleLong":    {map[string]any{"title": strings.Repeat("w", 151), "content": strings.Repeat("word ", 5)}, "Title cannot exceed 150 characters"},
		"ContentShort": {map[string]any{"title": "Why is it so?", "content": "<script>aaaaaaaaaaaaaaaaaaaaaaaa</script>short"}, "Content must be at least 20 characters"},
		"SixTags":      {map[string]any{"title": "Why is it so?", "content": strings.Repeat("word ", 5), "tags": []string{"a", "b", "c", "d", "e", "f"}}, "A question can have at most 5 tags"},
	} {
		t.Run(name, func(t *testing.T) { expect(t, h.do("POST", "/api/expert-qa", bea, c.body), 400, c.msg) })
	}
	expect(t, h.do("POST", "/api/expert-qa", "", map[string]any{"title": "x"}), 401, "")
}

func TestExpertQA_AnswersExpertsAndAccept(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	bea, cyd, sage := h.gardener("bea"), h.gardener("cyd"), h.expert("sage")
	h.user("root", domain.RoleSuperadmin)
	root := h.login("root", "password-root")
	id := h.question(bea, "Why are my basil leaves yellow?", "basil")
	path := fmt.Sprintf("/api/expert-qa/%d", id)

	expect(t, h.do("POST", path+"/answers", cyd, map[string]any{"content": "<p> </p>"}), 400, domain.MsgAnswerEmpty)
	plain := h.do("POST", path+"/answers", cyd, map[string]any{"content": "<p>Less water, I think.</p>"})
	expect(t, plain, 201, "")
	if plain.body["isExpert"] != false {
		t.Fatalf("%s", plain.raw)
	}
	if q := h.do("GET", path, "", nil); q.body["status"] != "Open" || q.body["answerCount"].(float64) != 1 {
		t.Fatalf("after a plain answer %s", q.raw)
	}
	expert := h.do("POST", path+"/answers", sage, map[string]any{"content": "<p>Check the roots for rot.</p>"})
	expect(t, expert, 201, "")
	if expert.body["isExpert"] != true {
		t.Fatalf("%s", expert.raw)
	}
	q := h.do("GET", path, "", nil)
	answers := q.body["answers"].([]any)
	if q.body["status"] != "Answered" || len(answers) != 2 || answers[0].(map[string]any)["username"] != "sage" || q.body["canAccept"] != false {
		t.Fatalf("expert first, answered: %s", q.raw)
	}
	// The asker heard of the first answer; the second, within the hour, is coalesced into it.
	if k := h.kinds(bea); len(k) != 1 || k[0] != "expert_answer" {
		t.Fatalf("bea's notifications %v", k)
	}
	plainID := int64(plain.body["id"].(float64))
	accept := fmt.Sprintf("%s/answers/%d/accept", path, plainID)
	expect(t, h.do("POST", accept, cyd, nil), 403, domain.MsgAcceptOnlyAsker)
	expect(t, h.do("POST", accept, sage, nil), 403, domain.MsgAcceptOnlyAsker)
	expect(t, h.do("POST", fmt.Sprintf("%s/answers/9999/accept", path), bea, nil), 404, domain.MsgAnswerNotFound)
	expect(t, h.do("POST", "/api/expert-qa/9999/answers/1/accept", bea, nil), 404, domain.MsgQuestionNotFound)
	if mine := h.do("GET", path, bea, nil); mine.body["canAccept"] != true || mine.body["isMine"] != true {
		t.Fatalf("%s", mine.raw)
	}
	acc := h.do("POST", accept, bea, nil)
	expect(t, acc, 200, "")
	if acc.body["acceptedAnswerId"].(float64) != float64(plainID) {
		t.Fatalf("%s", acc.raw)
	}
	expect(t, h.do("POST", accept, root, nil), 200, "") // a superadmin may too
	list := h.items(h.do("GET", path+"/answers?limit=1", "", nil))
	if len(list) != 1 || list[0]["isExpert"] != true {
		t.Fatalf("answers page %v", list)
	}
	q = h.do("GET", path, "", nil)
	for _, a := range q.body["answers"].([]any) {
		a := a.(map[string]any)
		if (a["id"].(float64) == float64(plainID)) != (a["isAccepted"] == true) {
			t.Fatalf("accepted mark %v", a)
		}
	}
	// An admin is an expert too.
	h.user("adele", domain.RoleAdmin)
	admin := h.login("adele", "password-adele")
	if r := h.do("POST", path+"/answers", admin, map[string]any{"content": "Repot it."}); r.body["isExpert"] != true {
		t.Fatalf("%s", r.raw)
	}
}

func TestExpertQA_ListFiltersAndSimilar(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea, sage := h.gardener("ann"), h.gardener("bea"), h.expert("sage")
	h.question(ann, "Yellow leaves on basil", "basil", "leaves")
	answered := h.question(bea, "Basil keeps wilting in the sun", "basil")
	h.question(bea, "Tomato blight spreading fast", "tomatoes")
	expect(t, h.do("POST", fmt.Sprintf("/api/expert-qa/%d/answers", answered), sage, map[string]any{"content": "Shade it at noon."}), 201, "")
	titles := func(q, token string) string {
		var out []string
		for _, x := range h.items(h.do("GET", "/api/expert-qa"+q, token, nil)) {
			out = append(out, x["title"].(string))
		}
		return strings.Join(out, "|")
	}
	for q, want := range map[string]string{
		"":                    "Tomato blight spreading fast|Basil keeps wilting in the sun|Yellow leaves on basil",
		"?status=Open":        "Tomato blight spreading fast|Yellow leaves on basil",
		"?status=unanswered":  "Tomato blight spreading fast|Yellow leaves on basil",
		"?status=Answered":    "Basil keeps wilting in the sun",
		"?tag=basil":          "Basil keeps wilting in the sun|Yellow leaves on basil",
		"?search=blight":      "Tomato blight spreading fast",
		"?mine=true":          "Tomato blight spreading fast|Basil keeps wilting in the sun",
		"?mine=true&tag=leaf": "",
	} {
		if got := titles(q, bea); got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
	expect(t, h.do("GET", "/api/expert-qa?mine=true", "", nil), 401, "")
	expect(t, h.do("GET", "/api/expert-qa?status=closed", "", nil), 400, domain.MsgQuestionStatus)
	page := h.do("GET", "/api/expert-qa?limit=2", "", nil)
	if len(h.items(page)) != 2 || page.header.Get("X-Next-Cursor") == "" {
		t.Fatalf("%v", page.header)
	}
	list := h.items(h.do("GET", "/api/expert-qa", "", nil))
	if list[0]["excerpt"] != "Tomato blight spreading fast — the details of it all." {
		t.Fatalf("excerpt %v", list[0]["excerpt"])
	}
	sim := h.items(h.do("GET", "/api/expert-qa/similar?q=why+is+my+basi", "", nil))
	if len(sim) != 2 || sim[0]["title"] != "Basil keeps wilting in the sun" {
		t.Fatalf("similar %v", sim)
	}
	tags := h.do("GET", "/api/expert-qa/tags", "", nil)
	if !strings.HasPrefix(tags.raw, `[{"tag":"basil","count":2}`) {
		t.Fatalf("%s", tags.raw)
	}
	expect(t, h.do("GET", "/api/expert-qa/999", "", nil), 404, domain.MsgQuestionNotFound)
}
