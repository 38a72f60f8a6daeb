#!/bin/sh
# Removing keeps the data and the configuration; purging removes them and the service user.
set -e
if [ "$1" = "purge" ]; then
  rm -rf /var/lib/garden /etc/garden
  if getent passwd garden >/dev/null; then
    deluser --system garden >/dev/null 2>&1 || true
  fi
  if getent group garden >/dev/null; then
    delgroup --system garden >/dev/null 2>&1 || true
  fi
fi
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null 2>&1 || true
fi
