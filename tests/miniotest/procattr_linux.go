package miniotest

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill MinIO when the test process dies.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
