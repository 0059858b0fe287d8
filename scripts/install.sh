#!/usr/bin/env bash
# Builds gesturelab in release mode and installs it with its man page:
#
#   scripts/install.sh                          /usr/local/bin, /usr/local/share/man/man1
#   PREFIX=~/.local scripts/install.sh          ~/.local/bin, ~/.local/share/man/man1
#   scripts/install.sh --traits PostgreSQL      the build with the shared store
#
# Arguments go to `swift build`; CONFIGURATION=debug installs a debug build
# instead. The binary carries its migrations and queries, so it works from
# any directory. The man page is docs/man/gesturelab.1 as committed (made by
# scripts/generate-docs.sh; it documents the build with the PostgreSQL
# trait). `man gesturelab` finds it under PREFIX/share/man when PREFIX/bin is
# on your PATH (man-db looks beside each PATH folder), else add that folder
# to MANPATH. Use `sudo` when PREFIX is not yours.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
configuration=${CONFIGURATION:-release}

swift build -c "$configuration" --product gesturelab "$@"
bin=$(swift build -c "$configuration" --show-bin-path "$@")
install -d "$prefix/bin" "$prefix/share/man/man1"
install -m 755 "$bin/gesturelab" "$prefix/bin/gesturelab"
install -m 644 docs/man/gesturelab.1 "$prefix/share/man/man1/gesturelab.1"
echo "installed $prefix/bin/gesturelab and $prefix/share/man/man1/gesturelab.1"
