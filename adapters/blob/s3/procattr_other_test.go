//go:build !linux

package s3_test

import "os/exec"

// dieWithParent does nothing where the kernel offers no parent-death signal; TestMain still
// stops the server on a normal exit.
func dieWithParent(cmd *exec.Cmd) {}
