#!/usr/bin/env bash
# Writes docs/commands.md and docs/man/gesturelab.1 anew from the command
# definitions in Sources/gesturelab. Run it after changing a command's help
# (an abstract, a discussion, an option); CommandReferenceTests fails while
# either file is stale.
#
# Both document the build with the PostgreSQL trait, the one with every
# command (a debug build is enough). The page is each command's `--help` at
# 80 columns; the man page is what swift-argument-parser's generate-manual
# plugin makes of `gesturelab --experimental-dump-help`, dated by the last
# commit that changed Sources/gesturelab, with the SHA-256 of that JSON in a
# comment for the test to compare, and its blank lines (which mdoc warns about
# on every `man gesturelab`) made paragraph breaks. Works offline once the
# package has resolved.
set -euo pipefail
cd "$(dirname "$0")/.."
traits=(--traits PostgreSQL)

swift build --build-tests "${traits[@]}"
date=$(git log -1 --format=%cs -- Sources/gesturelab 2>/dev/null || true)
[ -n "$date" ] || date=$(date +%F)
swift package "${traits[@]}" plugin generate-manual --configuration debug --date "$date"
generated=.build/plugins/GenerateManual/outputs/gesturelab/gesturelab.1
binary="$(swift build "${traits[@]}" --show-bin-path)/gesturelab"
digest=$(printf '%s' "$("$binary" --experimental-dump-help)" | sha256sum | cut -d' ' -f1)
mkdir -p docs/man
{
    head -n 1 "$generated"
    printf '.\\" By scripts/generate-docs.sh from the definitions in Sources/gesturelab: edit those, not this file.\n'
    printf '.\\" From gesturelab --experimental-dump-help sha256 %s\n' "$digest"
    tail -n +2 "$generated" | sed 's/^$/.Pp/'
} > docs/man/gesturelab.1

GESTURELAB_UPDATE_COMMANDS=1 swift test --skip-build "${traits[@]}" --filter CommandReferenceTests
git --no-pager diff --stat -- docs/commands.md docs/man/gesturelab.1
