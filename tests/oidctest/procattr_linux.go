package oidctest

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill the provider when the test process dies.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
