// Command gardenctl serves Garden and administers an installation.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/gardenctl/garden/cli"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	root := cli.NewRootCommand(wire, version)
	if err := root.ExecuteContext(context.Background()); err != nil {
		fmt.Fprintf(os.Stderr, "gardenctl: %s\n", cli.OneLine(err))
		os.Exit(1)
	}
}
