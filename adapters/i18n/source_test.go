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

func TestDumpDomainMessages(t *testing.T) {
	if os.Getenv("I18N_DUMP") == "" {
		return
	}
	for n, v := range domainMessages(t) {
		t.Logf("%s\t%q", n, v)
	}
}
