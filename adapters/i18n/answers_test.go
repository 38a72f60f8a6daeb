package i18n_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The texts an API answer can carry, found in the source: what is given to domain.Errorf, to a
// domain.Error's Message and Fields, to a Validation's Add, to the HTTP adapter's errorJSON and
// to http.Error, directly, through a constant (a Msg… or any other), a variable assigned in the
// same function, a fmt.Sprintf's format, or a parameter of a function that passes it on to one
// of those (found to a fixpoint: a helper taking a message is followed to its callers).

const module = "github.com/gardenctl/garden"

// answerDirs are the packages whose errors reach an API answer (relative to the module's root):
// the core, the jobs, and every adapter (found on disk, so a new adapter is read too) but the
// catalogue itself.
func answerDirs(t *testing.T) []string {
	t.Helper()
	dirs := []string{"core/domain", "core/app", "jobs"}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(filepath.Join(root, "adapters"), func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if rel == "adapters/i18n" || d.Name() == "testdata" {
			return filepath.SkipDir
		}
		files, _ := filepath.Glob(filepath.Join(path, "*.go"))
		for _, f := range files {
			if !strings.HasSuffix(f, "_test.go") {
				dirs = append(dirs, rel)
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

type srcPkg struct {
	path   string // import path
	name   string
	files  []*ast.File
	consts map[string]ast.Expr // package-level const and var values, by name
}

type sink struct{ pkg, fn string } // pkg "" matches a method of that name in any package

type answerScan struct {
	root       string
	fset       *token.FileSet
	pkgs       map[string]*srcPkg
	sinks      map[sink]int // → the message's argument index
	texts      map[string][]string
	unresolved map[string]string // position → expression
	visiting   map[string]bool
	changed    bool
}

func newAnswerScan(t *testing.T) *answerScan {
	t.Helper()
	s := &answerScan{
		root: filepath.Join("..", ".."), fset: token.NewFileSet(), pkgs: map[string]*srcPkg{}, visiting: map[string]bool{},
		sinks: map[sink]int{
			{module + "/core/domain", "Errorf"}: 1,
			{"net/http", "Error"}:               1,
			{"", "Add"}:                         1, // domain.Validation.Add(field, msg)
		},
	}
	dirs := answerDirs(t)
	for _, d := range dirs {
		if s.load(t, module+"/"+d) == nil {
			t.Fatalf("%s: no Go files", d)
		}
	}
	// A helper found taking a message adds a sink; scan again until nothing new is found.
	for i := 0; ; i++ {
		s.texts, s.unresolved, s.changed = map[string][]string{}, map[string]string{}, false
		for _, d := range dirs {
			s.scanPkg(t, s.pkgs[module+"/"+d])
		}
		if !s.changed {
			break
		}
		if i > 20 {
			t.Fatal("the message helpers do not settle")
		}
	}
	return s
}

// load parses the non-test files of a package of the module (nil for other modules).
func (s *answerScan) load(t *testing.T, path string) *srcPkg {
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	if !strings.HasPrefix(path, module+"/") {
		return nil
	}
	dir := filepath.Join(s.root, strings.TrimPrefix(path, module+"/"))
	entries, err := os.ReadDir(dir)
	if err != nil {
		s.pkgs[path] = nil
		return nil
	}
	p := &srcPkg{path: path, consts: map[string]ast.Expr{}}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(s.fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		p.name = f.Name.Name
		p.files = append(p.files, f)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						p.consts[n.Name] = vs.Values[i]
					}
				}
			}
		}
	}
	if len(p.files) == 0 {
		p = nil
	}
	s.pkgs[path] = p
	return p
}

// fileCtx is what resolving an expression needs to know about where it stands.
type fileCtx struct {
	pkg     *srcPkg
	imports map[string]string // local name → import path
	fn      *ast.FuncDecl     // the enclosing declaration, nil at package level
	lits    []*ast.FuncLit    // the enclosing function literals, outermost first
	litName map[*ast.FuncLit]string
}

func (s *answerScan) scanPkg(t *testing.T, p *srcPkg) {
	for _, f := range p.files {
		c := &fileCtx{pkg: p, imports: map[string]string{}, litName: map[*ast.FuncLit]string{}}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			name := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			} else if q := s.load(t, path); q != nil {
				name = q.name
			}
			c.imports[name] = path
		}
		for _, d := range f.Decls {
			fd, _ := d.(*ast.FuncDecl)
			c.fn, c.lits = fd, nil
			s.walk(t, c, d)
		}
	}
}

func (s *answerScan) walk(t *testing.T, c *fileCtx, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			// name := func(…) {…}: a local helper, called by its name.
			for i, r := range x.Rhs {
				if fl, ok := r.(*ast.FuncLit); ok && i < len(x.Lhs) {
					if id, ok := x.Lhs[i].(*ast.Ident); ok {
						c.litName[fl] = id.Name
					}
				}
			}
		case *ast.FuncLit:
			outer := c.lits
			c.lits = append(append([]*ast.FuncLit(nil), outer...), x)
			s.walk(t, c, x.Body)
			c.lits = outer
			return false
		case *ast.CallExpr:
			if i, ok := s.sinkArg(c, x); ok && i < len(x.Args) && !(i == 1 && isInternal(x.Args[0])) {
				if lit, isLit := x.Args[i].(*ast.BasicLit); isLit && lit.Value == `"%s"` && len(x.Args) == i+2 {
					s.message(t, c, x.Args[i+1], 0) // Errorf(code, "%s", msg): msg is the text
				} else {
					s.message(t, c, x.Args[i], 0)
				}
			}
		case *ast.CompositeLit:
			if s.isErrorType(c, x.Type) && internalLit(x) {
				return true // an internal error answers "Internal error." only
			}
			for _, e := range x.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && messageFields[typeName(x.Type)+"."+k.Name] {
						s.message(t, c, kv.Value, 0)
					}
				}
			}
			if s.isErrorType(c, x.Type) {
				for _, e := range x.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch k, _ := kv.Key.(*ast.Ident); {
					case k == nil:
					case k.Name == "Message":
						s.message(t, c, kv.Value, 0)
					case k.Name == "Fields" || k.Name == "Errors":
						if m, ok := kv.Value.(*ast.CompositeLit); ok {
							for _, fe := range m.Elts {
								if fkv, ok := fe.(*ast.KeyValueExpr); ok {
									s.message(t, c, fkv.Value, 0)
								}
							}
						}
					}
				}
			}
		}
		return true
	})
}

// isErrorType: domain.Error, or errorJSON (the HTTP adapter's error body).
func (s *answerScan) isErrorType(c *fileCtx, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return (x.Name == "Error" && c.pkg.name == "domain") || (x.Name == "errorJSON" && c.pkg.name == "httpapi")
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		return ok && x.Sel.Name == "Error" && c.imports[id.Name] == module+"/core/domain"
	}
	return false
}

func (s *answerScan) sinkArg(c *fileCtx, call *ast.CallExpr) (int, bool) {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		i, ok := s.sinks[sink{c.pkg.path, f.Name}]
		return i, ok
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if path, ok := c.imports[id.Name]; ok {
				i, ok := s.sinks[sink{path, f.Sel.Name}]
				return i, ok
			}
		}
		if f.Sel.Name == "Add" {
			// A Validation's Add(field, msg); not a header's or a URL query's.
			if _, isCall := f.X.(*ast.CallExpr); isCall || len(call.Args) != 2 {
				return 0, false
			}
			if id, ok := f.X.(*ast.Ident); ok && (id.Name == "q" || id.Name == "h" || id.Name == "query" || id.Name == "header") {
				return 0, false
			}
		}
		i, ok := s.sinks[sink{"", f.Sel.Name}]
		return i, ok
	}
	return 0, false
}

func (s *answerScan) pos(n ast.Node) string {
	p := s.fset.Position(n.Pos())
	rel, _ := filepath.Rel(s.root, p.Filename)
	return fmt.Sprintf("%s:%d", rel, p.Line)
}

// message records the texts e can hold.
func (s *answerScan) message(t *testing.T, c *fileCtx, e ast.Expr, depth int) {
	texts, ok := s.resolve(t, c, e, depth)
	if !ok {
		s.unresolved[s.pos(e)] = exprString(s.fset, e)
		return
	}
	for _, v := range texts {
		s.texts[v] = append(s.texts[v], s.pos(e))
	}
}

// resolve returns the texts e can hold (none for a message passed on from elsewhere, which is
// checked where it is made), or false when it cannot tell.
func (s *answerScan) resolve(t *testing.T, c *fileCtx, e ast.Expr, depth int) ([]string, bool) {
	return s.resolveIn(t, c, e, depth, true)
}

// resolveIn: top says e is the whole message (a parameter or a field there is followed to what
// is given to it); a part of a concatenation is not.
func (s *answerScan) resolveIn(t *testing.T, c *fileCtx, e ast.Expr, depth int, top bool) ([]string, bool) {
	if depth > 8 {
		return nil, false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			v, err := strconv.Unquote(x.Value)
			return []string{v}, err == nil
		}
	case *ast.ParenExpr:
		return s.resolve(t, c, x.X, depth+1)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			break
		}
		a, ok1 := s.resolveIn(t, c, x.X, depth+1, false)
		b, ok2 := s.resolveIn(t, c, x.Y, depth+1, false)
		if !ok1 || !ok2 || len(a) == 0 || len(b) == 0 {
			break
		}
		var out []string
		for _, u := range a {
			for _, v := range b {
				out = append(out, u+v)
			}
		}
		return out, true
	case *ast.CallExpr:
		switch f := x.Fun.(type) {
		case *ast.SelectorExpr:
			id, _ := f.X.(*ast.Ident)
			switch {
			case id != nil && c.imports[id.Name] == "fmt" && f.Sel.Name == "Sprintf" && len(x.Args) > 0:
				return s.resolveIn(t, c, x.Args[0], depth+1, top)
			case id != nil && c.imports[id.Name] == module+"/core/domain" && f.Sel.Name == "ErrorMessage",
				f.Sel.Name == "Error" && len(x.Args) == 0:
				return nil, true // another error's message, checked where that error is made
			}
		case *ast.Ident:
			if f.Name == "localize" && c.pkg.name == "httpapi" && len(x.Args) == 3 {
				return s.resolveIn(t, c, x.Args[2], depth+1, top) // the HTTP adapter translating a text
			}
			if f.Name == "string" && len(x.Args) == 1 {
				return s.resolveIn(t, c, x.Args[0], depth+1, top)
			}
		}
		if texts, ok := s.returns(t, c, x, depth); ok {
			return texts, true
		}
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		if !ok || c.imports[id.Name] == "" {
			// A struct's field that holds a message checked where it is given.
			if _, pass := passFields[x.Sel.Name]; pass && top {
				return nil, true
			}
			break
		}
		{
			if path, ok := c.imports[id.Name]; ok {
				q := s.load(t, path)
				if q == nil || q.consts[x.Sel.Name] == nil {
					break
				}
				qc := &fileCtx{pkg: q, imports: s.importsOf(t, q, x.Sel.Name)}
				return s.resolve(t, qc, q.consts[x.Sel.Name], depth+1)
			}
		}
	case *ast.Ident:
		return s.resolveIdent(t, c, x, depth, top)
	case *ast.TypeAssertExpr:
		return s.resolveIn(t, c, x.X, depth+1, top)
	}
	return nil, false
}

// returns resolves a call of a function of a scanned package by what it returns.
func (s *answerScan) returns(t *testing.T, c *fileCtx, call *ast.CallExpr, depth int) ([]string, bool) {
	var q *srcPkg
	var name string
	switch f := call.Fun.(type) {
	case *ast.Ident:
		q, name = c.pkg, f.Name
	case *ast.SelectorExpr:
		id, ok := f.X.(*ast.Ident)
		if !ok || c.imports[id.Name] == "" {
			return nil, false
		}
		q, name = s.load(t, c.imports[id.Name]), f.Sel.Name
	}
	if q == nil {
		return nil, false
	}
	for _, file := range q.files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Name.Name != name || fd.Body == nil {
				continue
			}
			fc := &fileCtx{pkg: q, imports: s.importsOf(t, q, name), fn: fd, litName: map[*ast.FuncLit]string{}}
			var out []string
			ok = true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit {
					return false
				}
				if r, isRet := n.(*ast.ReturnStmt); isRet && len(r.Results) > 0 {
					texts, rok := s.resolveIn(t, fc, r.Results[0], depth+1, false)
					ok = ok && rok
					out = append(out, texts...)
				}
				return true
			})
			return out, ok
		}
	}
	return nil, false
}

// isInternal: the code domain.EInternal, whose message is never shown (the answer says
// "Internal error." only).
func isInternal(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "EInternal"
	case *ast.SelectorExpr:
		return x.Sel.Name == "EInternal"
	}
	return false
}

func internalLit(x *ast.CompositeLit) bool {
	for _, e := range x.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" && isInternal(kv.Value) {
				return true
			}
		}
	}
	return false
}

// passFields are the struct fields whose message is checked where it is given: a Validation's
// first message (given to Add), an endpoint's id messages and a write limit's message (both
// in messageFields), an Error's Message (every domain.Error literal and Errorf is checked).
var passFields = map[string]bool{"first": true, "idInvalid": true, "idNotFound": true, "Message": true}

// messageFields are the fields, by type, whose literal values are messages.
var messageFields = map[string]bool{
	"endpoint.idInvalid": true, "endpoint.idNotFound": true, "WriteLimit.Message": true,
	// The plant database import's details and a store preview's failures (site admins read them).
	"ImportDetail.Message": true, "CatalogueFailure.Message": true, "fetchError.msg": true,
	// A channel's report, whose reason a test notification shows.
	"ChannelReport.Reason": true,
}

// typeName is the name of a composite literal's type without its package.
func typeName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.StarExpr:
		return typeName(x.X)
	}
	return ""
}

// importsOf returns the imports of the file of q that declares name.
func (s *answerScan) importsOf(t *testing.T, q *srcPkg, name string) map[string]string {
	for _, f := range q.files {
		if f.Scope.Lookup(name) == nil {
			continue
		}
		m := map[string]string{}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			n := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				n = im.Name.Name
			} else if p := s.load(t, path); p != nil {
				n = p.name
			}
			m[n] = path
		}
		return m
	}
	return nil
}

func (s *answerScan) resolveIdent(t *testing.T, c *fileCtx, id *ast.Ident, depth int, top bool) ([]string, bool) {
	// A parameter of the enclosing function: the function becomes a sink of its own.
	for i := len(c.lits) - 1; i >= 0; i-- {
		if n, ok := paramIndex(c.lits[i].Type, id.Name); ok {
			if name := c.litName[c.lits[i]]; name != "" && top {
				s.addSink(sink{c.pkg.path, name}, n)
				return nil, true
			}
			return nil, false
		}
	}
	if c.fn != nil {
		if n, ok := paramIndex(c.fn.Type, id.Name); ok {
			if !top {
				return nil, false
			}
			k := sink{c.pkg.path, c.fn.Name.Name}
			if c.fn.Recv != nil {
				k.pkg = ""
			}
			s.addSink(k, n)
			return nil, true
		}
		// A variable or constant of the function: every value given to it (a value made from
		// the variable itself, msg = fmt.Sprintf(msg, …), adds nothing).
		key := s.pos(c.fn) + "." + id.Name
		if s.visiting[key] {
			return nil, true
		}
		s.visiting[key] = true
		defer delete(s.visiting, key)
		var out []string
		found, ok := false, true
		ast.Inspect(c.fn.Body, func(n ast.Node) bool {
			var vals []ast.Expr
			switch x := n.(type) {
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if l, isID := l.(*ast.Ident); isID && l.Name == id.Name && len(x.Rhs) == len(x.Lhs) {
						vals = append(vals, x.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, l := range x.Names {
					if l.Name == id.Name && i < len(x.Values) {
						vals = append(vals, x.Values[i])
					}
				}
			}
			for _, v := range vals {
				found = true
				texts, vok := s.resolveIn(t, c, v, depth+1, top)
				ok = ok && vok
				out = append(out, texts...)
			}
			return true
		})
		if found {
			return out, ok
		}
	}
	if v := c.pkg.consts[id.Name]; v != nil {
		pc := &fileCtx{pkg: c.pkg, imports: s.importsOf(t, c.pkg, id.Name)}
		return s.resolveIn(t, pc, v, depth+1, top)
	}
	return nil, false
}

func (s *answerScan) addSink(k sink, i int) {
	if _, ok := s.sinks[k]; !ok {
		s.sinks[k] = i
		s.changed = true
	}
}

func paramIndex(ft *ast.FuncType, name string) (int, bool) {
	i := 0
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if n.Name == name {
				return i, true
			}
			i++
		}
	}
	return 0, false
}

func exprString(fset *token.FileSet, e ast.Expr) string {
	var b strings.Builder
	_ = printer.Fprint(&b, fset, e)
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// notShown are the texts the scan finds that never reach a gardener's screen, each with why.
// Only such texts belong here (docs/decisions.md, "Languages on the server"): a text an API
// answer can carry is a catalogue key instead.
var notShown = map[string]string{}

// notShownExpr are the expressions the scan cannot read that carry no text of their own, by
// file and expression, each with why.
var notShownExpr = map[string]string{
	"adapters/httpapi/maintenance.go: msg": "Maintenance.Blocked's message: domain.MsgInMaintenance or the administrator's own maintenance message (their content)",
	`adapters/backup/backup.go: "The backup archive is damaged or incomplete: " + format + ". Nothing was restored."`: "restore (gardenctl backup restore): the CLI stays English",
	"core/app/delivery.go: skipped[channel]": "a skip reason from app.Channels: Msg… constants of core/app, checked by TestEveryDomainMessageIsAKey",
	"core/app/notifier.go: why":              "a skip reason from app.Channels: Msg… constants of core/app, checked by TestEveryDomainMessageIsAKey",
}

func allow(reason string, texts ...string) {
	for _, t := range texts {
		notShown[t] = reason
	}
}

func init() {
	allow("restore runs in the CLI only (gardenctl backup restore), which stays English",
		"--resume finishes an unfinished restore and --force starts it again: choose one.",
		"A restore did not finish: run gardenctl backup restore FILE --resume to finish it, or gardenctl backup restore FILE --force to start again.",
		"A restore of %s (an archive made %s) began at %s and did not finish: %s. %s",
		"The backup archive has format %d, written by a newer Garden; this gardenctl reads format %d and older. Restore it with a newer gardenctl. Nothing was restored.",
		"The backup has database schema %d, newer than this gardenctl knows (%d): restore it with a newer gardenctl. Nothing was restored.",
		"The backup has database schema %d, older than this database's %d: restore it into a new, blank database (created, but without gardenctl migrate or serve); the restore migrates it to schema %d, restores the rows and then applies the newer migrations. Nothing was restored.",
		"The backup holds a column %s.%s that this database does not have. Nothing was restored.",
		"The backup holds a table %s that this database does not have.",
		"The backup holds a table %s that this database does not have. Nothing was restored.",
		"The backup's %s.%s on line %d of %s: %v. Nothing was restored.",
		"The blob store is not empty (it holds %s among others): restore only into an empty folder or bucket. Nothing was restored.",
		"The database is not empty (%s): restore only into a new installation (gardenctl migrate, then restore, before serve). Nothing was restored.",
		"The database is not empty (%s): restore only into a new, migrated installation.",
		"The unfinished restore began from another archive (%s, made %s), not from this one (made %s): resume it with that archive, or run \"gardenctl backup restore FILE --force\" to empty this installation and restore FILE from the start. Nothing was changed.",
		"There is no unfinished restore to resume here: restore without --resume into a new, empty installation. Nothing was restored.")
	allow("configuration checked when gardenctl starts (the operator's log and exit status)",
		"Cannot create the system superadmin: the username %q is taken by an ordinary account; set GARDEN_ADMIN_USERNAME to another name",
		"Concurrency must be between 1 and %d", "Page size, page and product limits must be positive",
		"The %s selector %q is not valid CSS: %v", "The User-Agent must be a single line", "The listing path is not a valid URL path",
		"The request rate must be above 0 and at most %d per second", "The response size cap must be at least 1024 bytes",
		"The store's base URL is required", "The store's base URL must be an absolute http or https URL",
		"The store's base URL must not carry a user name or password", "Timeouts and waits cannot be negative",
		"Unknown store shape %q: use auto, shopify, woocommerce or html",
		"The VAPID private key is not a P-256 key: %v", "The VAPID public key does not belong to the private key",
		"VAPID keys must be a P-256 key pair in base64url: a 65-byte public key and a 32-byte private key")
	allow("the readiness probe's answer (/readyz), read by load balancers and operators",
		"%d database migrations pending", "cannot read the schema version", "database unreachable",
		"The blob store does not answer: %v", "The blob bucket %s does not exist.", "The blob folder cannot be written: %v")
	allow("the seeding of a development or test database (gardenctl seed)", "A password hash is needed for the seeded users")
	allow("a caller's mistake in Garden's own code, never a gardener's input: the values are Garden's",
		"Each notification stored once must target its own key's user", "Notification data cannot be stored: %v", "no such kind %q")
	allow("a Home Assistant button press over MQTT: no API answer, logged", "The plant's owner is not active")
}

// TestEveryAnswerMessageIsAKey: every text an API answer can carry is a catalogue key (and so,
// by TestLocalesAreComplete, translated in every locale), unless it is allow-listed as never
// shown to a gardener.
func TestEveryAnswerMessageIsAKey(t *testing.T) {
	c := load(t)
	keys := map[string]bool{}
	for _, k := range c.Keys() {
		keys[k] = true
	}
	s := newAnswerScan(t)
	var missing []string
	for _, text := range sortedKeys(s.texts) {
		if keys[text] || notShown[text] != "" {
			if keys[text] && notShown[text] != "" {
				t.Errorf("%q is a catalogue key and allow-listed: take it off the list", text)
			}
			continue
		}
		missing = append(missing, fmt.Sprintf("%q (%s)", text, strings.Join(s.texts[text], ", ")))
	}
	for _, p := range sortedKeys(s.unresolved) {
		file, _, _ := strings.Cut(p, ":")
		if notShownExpr[file+": "+s.unresolved[p]] != "" {
			continue
		}
		missing = append(missing, fmt.Sprintf("%s: cannot tell the text of %s", p, s.unresolved[p]))
	}
	if len(missing) > 0 {
		t.Errorf("%d answer texts are not catalogue keys:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	// An allow-list entry whose text is gone goes too.
	for _, text := range sortedKeys(notShown) {
		if _, ok := s.texts[text]; !ok {
			t.Errorf("allow-listed %q is no longer in the source: take it off the list", text)
		}
	}
	exprs := map[string]bool{}
	for p, e := range s.unresolved {
		file, _, _ := strings.Cut(p, ":")
		exprs[file+": "+e] = true
	}
	for _, e := range sortedKeys(notShownExpr) {
		if !exprs[e] {
			t.Errorf("allow-listed expression %s is no longer in the source: take it off the list", e)
		}
	}
	t.Logf("%d texts, %d sinks", len(s.texts), len(s.sinks))
}
