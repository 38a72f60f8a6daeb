// Package architecture checks the dependency rules of DESIGN.md from each package's direct
// imports (non-test files), so that the hexagon cannot erode unnoticed.
package architecture

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/gardenctl/garden"

// pkg is one Go package of the project: its directory and what its files import and call.
type pkg struct {
	dir     string // relative to the repository root, slash-separated
	imports map[string][]string
	calls   map[string][]string // "time.Now" -> files
}

func loadPackages(t *testing.T, root string) map[string]*pkg {
	t.Helper()
	pkgs := map[string]*pkg{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		p := pkgs[rel]
		if p == nil {
			p = &pkg{dir: rel, imports: map[string][]string{}, calls: map[string][]string{}}
			pkgs[rel] = p
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			p.imports[ip] = append(p.imports[ip], filepath.Base(path))
		}
		full, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(full, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok {
					name := x.Name + "." + sel.Sel.Name
					p.calls[name] = append(p.calls[name], filepath.Base(path))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func isStd(importPath string) bool {
	first := strings.SplitN(importPath, "/", 2)[0]
	return !strings.Contains(first, ".")
}

func local(importPath string) (string, bool) {
	if importPath == module {
		return "", true
	}
	rest, ok := strings.CutPrefix(importPath, module+"/")
	return rest, ok
}

// rule says which imports a package may have.
type rule struct {
	applies func(dir string) bool
	allowed func(importPath string) bool
	why     string
}

func under(prefix string) func(string) bool {
	return func(dir string) bool { return dir == prefix || strings.HasPrefix(dir, prefix+"/") }
}

func localUnder(prefixes ...string) func(string) bool {
	return func(ip string) bool {
		rel, ok := local(ip)
		if !ok {
			return false
		}
		for _, p := range prefixes {
			if rel == p || strings.HasPrefix(rel, p+"/") {
				return true
			}
		}
		return false
	}
}

// Standard-library packages the domain must not use: it holds no I/O, no wire encoding and no
// randomness (DESIGN.md).
var domainForbiddenStd = []string{"database/", "net", "net/", "os", "os/", "io/fs", "encoding/json", "encoding/xml",
	"crypto/rand", "math/rand", "log", "log/", "syscall", "embed"}

func domainStdAllowed(ip string) bool {
	for _, f := range domainForbiddenStd {
		if ip == strings.TrimSuffix(f, "/") || strings.HasSuffix(f, "/") && strings.HasPrefix(ip, f) {
			return false
		}
	}
	return isStd(ip)
}

var rules = []rule{
	{under("core/domain"), domainStdAllowed,
		"core/domain imports only the standard library, without I/O, encoding or randomness"},
	{under("ports"), func(ip string) bool {
		if strings.HasPrefix(ip, "database/") || strings.HasPrefix(ip, "net/") {
			return false
		}
		return isStd(ip) || localUnder("core/domain", "ports")(ip)
	}, "ports imports core/domain and the standard library only"},
	{under("core/app"), func(ip string) bool {
		if strings.HasPrefix(ip, "database/") || strings.HasPrefix(ip, "net/") {
			return false
		}
		return isStd(ip) || localUnder("core/domain", "ports")(ip)
	}, "core/app imports core/domain and ports only"},
	{under("core"), func(ip string) bool {
		return !strings.HasPrefix(ip, "archive/") && !strings.HasPrefix(ip, "compress/")
	}, "core/ leaves file formats and compression to adapters (a backup's tar and gzip are adapters/backup's)"},
	{func(dir string) bool { return under("adapters")(dir) && !under("adapters/httpapi")(dir) }, func(ip string) bool {
		_, isLocal := local(ip)
		return !isLocal || localUnder("core/domain", "ports", "adapters/internal")(ip)
	}, "an adapter imports ports, core/domain and the shared helpers of adapters/internal, never another adapter, core/app, cli or jobs"},
	{under("adapters/internal"), func(ip string) bool {
		_, isLocal := local(ip)
		return !isLocal || localUnder("adapters/internal")(ip)
	}, "adapters/internal holds helpers shared by adapters: it depends on no adapter, port or core package"},
	{under("adapters/httpapi"), func(ip string) bool {
		_, isLocal := local(ip)
		return !isLocal || localUnder("core/domain", "ports", "core/app")(ip)
	}, "the HTTP adapter calls core/app; it picks no other adapter"},
	{func(dir string) bool { return under("cli")(dir) || under("jobs")(dir) }, func(ip string) bool {
		_, isLocal := local(ip)
		return !isLocal || localUnder("core", "ports", "configs", "cli", "jobs")(ip)
	}, "cli and jobs call core/app; only cmd/gardenctl picks adapters"},
}

// ownSubpackage reports whether ip is a package below dir, such as adapters/blob/local for
// adapters/blob: a package may pick among its own parts (blob.Open choosing the local or the
// S3 store) without that counting as one adapter importing another.
func ownSubpackage(dir, ip string) bool {
	rel, ok := local(ip)
	return ok && strings.HasPrefix(rel, dir+"/")
}

// violations returns every broken rule, sorted, and the domain's clock and randomness calls.
func violations(pkgs map[string]*pkg) []string {
	var out []string
	for dir, p := range pkgs {
		for _, r := range rules {
			if !r.applies(dir) {
				continue
			}
			for ip, files := range p.imports {
				if !r.allowed(ip) && !ownSubpackage(dir, ip) {
					out = append(out, dir+" imports "+ip+" ("+strings.Join(files, ", ")+"): "+r.why)
				}
			}
		}
		if under("core/domain")(dir) {
			for _, call := range []string{"time.Now", "time.Since", "time.Until"} {
				if files := p.calls[call]; len(files) > 0 {
					out = append(out, dir+" calls "+call+" ("+strings.Join(files, ", ")+"): the domain gets time from a parameter or a Clock port")
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestDependencyRules(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := loadPackages(t, root)
	for _, must := range []string{"core/domain", "core/app", "ports", "adapters/sqlstore", "adapters/httpapi", "cli", "cmd/gardenctl"} {
		if pkgs[must] == nil {
			t.Fatalf("package %s not found: the checker is looking in the wrong place", must)
		}
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// TestDependencyRules_CatchesViolations proves the checker can fail: a synthetic tree that
// breaks each rule must produce each violation.
func TestDependencyRules_CatchesViolations(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"core/domain/bad.go": "package domain\nimport (\"database/sql\"; \"time\"; \"github.com/jmoiron/sqlx\")\nvar _ = sql.ErrNoRows\nvar _ sqlx.DB\nfunc f() time.Time { return time.Now() }\n",
		"ports/bad.go":       "package ports\nimport \"" + module + "/adapters/sqlstore\"\nvar _ = sqlstore.Open\n",
		"core/app/bad.go":    "package app\nimport \"github.com/spf13/viper\"\nvar _ = viper.New\n",
		// The archive format is an adapter: core/ writes no tar and no gzip.
		"core/app/archive.go":    "package app\nimport (\"archive/tar\"; \"compress/gzip\")\nvar _ = tar.NewWriter\nvar _ = gzip.NewWriter\n",
		"core/domain/zip.go":     "package domain\nimport \"archive/zip\"\nvar _ = zip.NewWriter\n",
		"adapters/blob/bad.go":   "package blob\nimport \"" + module + "/adapters/sqlstore\"\nvar _ = sqlstore.Open\n",
		"cli/bad.go":             "package cli\nimport \"" + module + "/adapters/sqlstore\"\nvar _ = sqlstore.Open\n",
		"adapters/httpapi/ok.go": "package httpapi\nimport \"" + module + "/core/app\"\nvar _ app.Accounts\n",
		// A package may import its own sub-packages, and only those: the exemption must not
		// let adapters/blob (above) import sqlstore, nor a sub-package import its parent.
		"adapters/blob/ok.go":        "package blob\nimport \"" + module + "/adapters/blob/local\"\nvar _ = local.New\n",
		"adapters/blob/local/bad.go": "package local\nimport \"" + module + "/adapters/blob\"\nvar _ = blob.Open\n",
		// Adapters may share helpers in adapters/internal, which itself imports no adapter.
		"adapters/ntfy/ok.go":            "package ntfy\nimport \"" + module + "/adapters/internal/netguard\"\nvar _ = netguard.Client\n",
		"adapters/internal/guard/bad.go": "package guard\nimport \"" + module + "/adapters/sqlstore\"\nvar _ = sqlstore.Open\n",
	}
	for name, body := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Join(violations(loadPackages(t, root)), "\n")
	for _, want := range []string{
		"core/domain imports database/sql", "core/domain imports github.com/jmoiron/sqlx", "core/domain calls time.Now",
		"ports imports " + module + "/adapters/sqlstore", "core/app imports github.com/spf13/viper",
		"core/app imports archive/tar (archive.go)", "core/app imports compress/gzip (archive.go)", "core/domain imports archive/zip (zip.go)",
		"adapters/blob imports " + module + "/adapters/sqlstore", "cli imports " + module + "/adapters/sqlstore",
		"adapters/blob/local imports " + module + "/adapters/blob (bad.go)",
		"adapters/internal/guard imports " + module + "/adapters/sqlstore",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("violation not reported: %s\nreported:\n%s", want, got)
		}
	}
	if strings.Contains(got, "adapters/httpapi") || strings.Contains(got, "adapters/blob imports "+module+"/adapters/blob/local") ||
		strings.Contains(got, "adapters/ntfy imports") {
		t.Errorf("allowed import reported:\n%s", got)
	}
}
