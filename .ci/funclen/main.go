// Command funclen fails when a function of any package of the module is
// longer than the limit (STYLE: functions of about 80 lines at most; issue
// 11, "Done means"; issue 20: every package). It counts the lines from the
// func keyword to the closing brace, test files (_test.go) and testdata
// excepted, and lists every function over the limit, longest first.
//
//	go run ./.ci/funclen [-max 80] [DIR ...]
//
// Without DIRs it checks the whole module from the current directory:
// every package and command, .ci's own included (other directories whose
// name starts with a dot, such as .git, are skipped).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// long is a function over the limit.
type long struct {
	pos   token.Position
	name  string
	lines int
}

func main() {
	limit := flag.Int("max", 80, "the most lines a function may have")
	flag.Parse()
	dirs := flag.Args()
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	var found []long
	fset := token.NewFileSet()
	for _, dir := range dirs {
		xs, err := scan(fset, dir, *limit)
		if err != nil {
			fmt.Fprintln(os.Stderr, "funclen:", err)
			os.Exit(2)
		}
		found = append(found, xs...)
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].lines > found[j].lines })
	for _, f := range found {
		fmt.Printf("%s: %s is %d lines (at most %d)\n", f.pos, f.name, f.lines, *limit)
	}
	if len(found) > 0 {
		os.Exit(1)
	}
}

// scan lists the functions over limit lines in the Go files under dir,
// test files and testdata excepted, in file order.
func scan(fset *token.FileSet, dir string, limit int) ([]long, error) {
	var found []long
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || hidden(path)):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
			if n := end.Line - start.Line + 1; n > limit {
				found = append(found, long{pos: start, name: funcName(fn), lines: n})
			}
		}
		return nil
	})
	return found, err
}

// hidden reports whether a directory is one funclen skips: one whose name
// starts with a dot (.git, an editor's), but for .ci, which holds commands.
func hidden(path string) bool {
	name := filepath.Base(path)
	return path != "." && strings.HasPrefix(name, ".") && name != ".ci"
}

// funcName is a function's name, with its receiver's type for a method:
// "(*Tables).checkLR".
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return "(" + star + id.Name + ")." + fn.Name.Name
	}
	return fn.Name.Name
}
