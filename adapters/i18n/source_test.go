package i18n_test

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// domainMessages returns every domain.Msg… string constant's value: the core's user-facing
// messages, each of which must be a catalogue key.
func domainMessages(t *testing.T) map[string]string {
	t.Helper()
	dir := filepath.Join("..", "..", "core", "domain")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/gardenctl/garden/core/domain", fset, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	names := pkg.Scope().Names()
	sort.Strings(names)
	for _, n := range names {
		c, ok := pkg.Scope().Lookup(n).(*types.Const)
		if !ok || !strings.HasPrefix(n, "Msg") || c.Val().Kind() != constant.String {
			continue
		}
		out[n] = constant.StringVal(c.Val())
	}
	return out
}

// literalMessages returns the Msg… constants of the package in dir (relative to the module's
// root) that are string literals: an adapter's own user-facing messages.
func literalMessages(t *testing.T, dir string) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..", dir)
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	// Each non-test Go file on its own (parser.ParseDir is deprecated: it ignores build tags,
	// which none of these files have).
	var files []*ast.File
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(root, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !strings.HasPrefix(n.Name, "Msg") || i >= len(vs.Values) {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						out[dir+"."+n.Name] = v
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s has no Msg constants", dir)
	}
	return out
}

func TestDumpDomainMessages(t *testing.T) {
	if os.Getenv("I18N_DUMP") == "" {
		return
	}
	for n, v := range domainMessages(t) {
		t.Logf("%s\t%q", n, v)
	}
}
