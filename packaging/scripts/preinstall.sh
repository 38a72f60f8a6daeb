#!/bin/sh
# The service's own system user, without a login shell; its home is the data folder.
set -e
if ! getent passwd garden >/dev/null; then
  adduser --system --group --home /var/lib/garden --no-create-home --shell /usr/sbin/nologin garden >/dev/null
fi
