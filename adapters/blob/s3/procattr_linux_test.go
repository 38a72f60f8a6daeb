package s3_test

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill MinIO when the test process dies, so a test run killed
// by its -timeout (which skips TestMain's cleanup) leaves no server running.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
