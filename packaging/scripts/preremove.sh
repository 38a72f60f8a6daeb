#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
  systemctl stop garden >/dev/null 2>&1 || true
  systemctl disable garden >/dev/null 2>&1 || true
fi
