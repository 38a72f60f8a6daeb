#!/bin/sh
set -e
install -d -o garden -g garden -m 0750 /var/lib/garden
chown root:garden /etc/garden/garden.env
chmod 0640 /etc/garden/garden.env
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null 2>&1 || true
fi
cat <<'NOTE'
Garden is installed.
  1. Edit /etc/garden/garden.env (GARDEN_BASE_URL, and PostgreSQL/MinIO for several servers).
  2. sudo systemctl enable --now garden
  3. journalctl -u garden shows the generated superadmin password on the first start,
     unless GARDEN_ADMIN_PASSWORD is set.
Data lives in /var/lib/garden; `gardenctl --help` lists the administration commands
(run them as the garden user: sudo -u garden env $(cat /etc/garden/garden.env | grep -v '^#' | xargs) gardenctl ...).
NOTE
