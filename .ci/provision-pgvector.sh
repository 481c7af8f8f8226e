#!/usr/bin/env bash
# Installs pgvector 0.8.x into the machine's PostgreSQL 15 from Debian's source package.
# Why from source: bookworm has no pgvector binary for PostgreSQL 15 (see shared/notes/pgvector.md).
# Idempotent: a second run with pgvector already present takes about a second.
set -euo pipefail

PG_MAJOR=${PG_MAJOR:-15}
WANT=${PGVECTOR_VERSION_PREFIX:-0.8.}
PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
CONTROL=/usr/share/postgresql/$PG_MAJOR/extension/vector.control

log() { printf '[pgvector] %s\n' "$*"; }

if [[ -f $CONTROL ]] && grep -q "default_version = '$WANT" "$CONTROL"; then
  log "already installed: $(grep default_version "$CONTROL")"
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive

# PostgreSQL itself, when the machine has none.
if [[ ! -x /usr/lib/postgresql/$PG_MAJOR/bin/postgres ]]; then
  log "installing postgresql-$PG_MAJOR"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "postgresql-$PG_MAJOR" >/dev/null
fi

# A source-only index for trixie (pgvector 0.8.0), on the same mirror as the machine's bookworm sources.
SRC_LIST=/etc/apt/sources.list.d/trixie-src.list
if [[ ! -f $SRC_LIST ]]; then
  # Uncommented deb822 "URIs:" or one-line "deb" entries only; the first Debian mirror that is not security.
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | grep -E '^(URIs:|deb )' | grep -oE 'https?://[^ ]+/debian/?' | grep -v security | head -n1 || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  log "adding deb-src trixie from $mirror"
  echo "deb-src ${mirror%/} trixie main" > "$SRC_LIST"
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "postgresql-server-dev-$PG_MAJOR" make gcc dpkg-dev >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
log "fetching Debian's pgvector source"
apt-get source --download-only pgvector >/dev/null 2>&1
tar xzf pgvector_*.orig.tar.gz
cd pgvector-*/
# OPTFLAGS="" gives a portable build (pgvector defaults to -march=native).
make -s PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
make -s PG_CONFIG="$PG_CONFIG" OPTFLAGS="" install >/dev/null
log "installed: $(grep default_version "$CONTROL")"
