//go:build !linux

package oidctest

import "os/exec"

// dieWithParent does nothing where the kernel offers no parent-death signal.
func dieWithParent(cmd *exec.Cmd) {}
