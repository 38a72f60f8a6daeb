package architecture

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// maxEmbedded is how many interfaces one port may bundle: an area's parts (ports.NotifyStore:
// notifications, devices, channels, keys, outbox), never the whole database.
const maxEmbedded = 5

// portViolations returns the umbrella ports under root: a ports.Store, an interface of ports/
// bundling more than maxEmbedded others, and any non-test file that names ports.Store. Each
// service states what it uses instead (issue #23 item 4).
func portViolations(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
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
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		inPorts := filepath.ToSlash(filepath.Dir(rel)) == "ports"
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeSpec:
				if !inPorts {
					return true
				}
				if n.Name.Name == "Store" {
					out = append(out, rel+" declares ports.Store: one interface per area, no umbrella")
				}
				if it, ok := n.Type.(*ast.InterfaceType); ok {
					embedded := 0
					for _, m := range it.Methods.List {
						if len(m.Names) == 0 {
							embedded++
						}
					}
					if embedded > maxEmbedded {
						out = append(out, rel+": ports."+n.Name.Name+" bundles "+strconv.Itoa(embedded)+" interfaces: give each service the areas it uses")
					}
				}
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && id.Name == "ports" && n.Sel.Name == "Store" {
					out = append(out, rel+" names ports.Store: take the narrow ports the code uses")
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func TestPortsAreNarrow(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range portViolations(t, root) {
		t.Error(v)
	}
}

// TestPortsAreNarrow_CatchesViolations proves the check can fail.
func TestPortsAreNarrow_CatchesViolations(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"ports/store.go":  "package ports\ntype A interface{}\ntype Store interface { A }\n",
		"ports/wide.go":   "package ports\ntype Wide interface { A; A; A; A; A; A }\n",
		"core/app/svc.go": "package app\nimport \"" + module + "/ports\"\nfunc New(s ports.Store) {}\n",
		"ports/narrow.go": "package ports\ntype Narrow interface { A; A }\n",
		"core/app/ok.go":  "package app\nimport \"" + module + "/ports\"\nfunc Ok(s ports.UserStore) {}\n",
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
	got := strings.Join(portViolations(t, root), "\n")
	for _, want := range []string{"ports/store.go declares ports.Store", "ports/wide.go: ports.Wide bundles 6 interfaces", "core/app/svc.go names ports.Store"} {
		if !strings.Contains(got, want) {
			t.Errorf("violation not reported: %s\nreported:\n%s", want, got)
		}
	}
	for _, ok := range []string{"narrow.go", "ok.go"} {
		if strings.Contains(got, ok) {
			t.Errorf("%s reported:\n%s", ok, got)
		}
	}
}
