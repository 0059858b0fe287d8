#!/usr/bin/env bash
# Lint the Swift sources with `swift format lint` (the toolchain's formatter)
# and the repository's .swift-format. Checks; never rewrites a file.
#
#   scripts/lint.sh              lint Package.swift, Sources, Tests, Plugins, Fuzz, Apps
#   scripts/lint.sh PATH...      lint only these (relative to the repository root)
#
# Exits 0 with no findings, 1 with findings (printed as path:line:col: error:
# [Rule] message, then a count per rule), or swift-format's own status when it
# fails without findings.
#
# What is checked: every rule .swift-format enables; the whitespace findings
# the code base keeps: TrailingWhitespace, SpacingCharacter (a tab between
# tokens), RemoveLine (more than one blank line in a row, a blank line at the
# top of a file, `}` and `else` on separate lines); and, by this script, tabs
# in indentation (TabIndentation).
#
# What is not: the findings that compare each line with the layout
# swift-format's pretty printer would choose (Indentation, AddLines, Spacing,
# LineLength, TrailingComma, EndOfLineComment). The code aligns continuation
# lines with the opening parenthesis and lines up end-of-line comments in
# tables, which the pretty printer cannot produce; swift-format 6.3 has no
# setting to turn these findings off (swiftlang/swift-format#764), so this
# script drops them. For the same reason, don't run `swift format` (format
# mode) on a whole file: it would re-lay-out the file.
#
# Non-default choices in .swift-format, each to match the code as it is:
# 4-space indentation; lineLength 120 (the code's soft limit, not enforced,
# see above); #if blocks not indented; DoNotUseSemicolons,
# OneVariableDeclarationPerLine, OneCasePerLine, OrderedImports and
# NoAccessLevelOnExtensionDeclaration off (the code uses `{ a; continue }`,
# `let w = …, h = …`, grid-shaped `case` lists and `package extension` on
# purpose; imports are in each file's own order, 33 files would need
# re-sorting). A deliberate exception elsewhere:
# `// swift-format-ignore: RuleName` on the line before the declaration.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! swift format --version >/dev/null 2>&1; then
    echo "scripts/lint.sh: \`swift format\` is not available (it ships with Swift 6 toolchains)" >&2
    exit 1
fi

default_paths=(Package.swift Sources Tests Plugins Fuzz Apps)
if [ $# -gt 0 ]; then
    paths=("$@")
    for path in "${paths[@]}"; do
        # swift format skips a path that does not exist without a word.
        [ -e "$path" ] || { echo "scripts/lint.sh: no such file or folder: $path" >&2; exit 1; }
    done
else
    paths=()
    for path in "${default_paths[@]}"; do
        [ -e "$path" ] && paths+=("$path")
    done
    # A Swift file in a folder this list misses would go unchecked: say so.
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        missed=$(git ls-files '*.swift' | grep -vE "^($(IFS='|'; echo "${default_paths[*]}"))(/|$)" || true)
        if [ -n "$missed" ]; then
            echo "scripts/lint.sh: Swift files outside the linted folders; add their folder to default_paths:" >&2
            echo "$missed" | sed 's/^/  /' >&2
            exit 1
        fi
    fi
fi

raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
status=0
swift format lint --strict --recursive --configuration .swift-format "${paths[@]}" 2>"$raw" || status=$?

# Keep every line but the layout findings and the notes that belong to them.
layout='\[(Indentation|AddLines|Spacing|LineLength|TrailingComma|EndOfLineComment)\]'
kept=$(LAYOUT="$layout" awk '
    / (error|warning): / { dropping = ($0 ~ ENVIRON["LAYOUT"]) }
    / note: / && dropping { next }
    !($0 ~ ENVIRON["LAYOUT"]) { print }
' "$raw" | sort -t: -k1,1 -k2,2n -k3,3n)
dropped=$(grep -cE "$layout" "$raw" || true)

# Indentation is among the layout findings; tabs in it are still wrong.
tabs=$(find "${paths[@]}" -name '*.swift' -type f -exec grep -nHE '^ *'$'\t' {} + \
    | cut -d: -f1,2 | sed 's/$/:1: error: [TabIndentation] indent with spaces, not tabs/' || true)
if [ -n "$tabs" ]; then
    kept=$(printf '%s\n%s\n' "$kept" "$tabs" | sed '/^$/d' | sort -t: -k1,1 -k2,2n -k3,3n)
fi

if [ -n "$kept" ]; then
    echo "$kept"
    findings=$(echo "$kept" | grep -E ': (error|warning): ' || true)
    echo
    echo "scripts/lint.sh: $(echo "$findings" | grep -c .) finding(s) in $(echo "$findings" | cut -d: -f1 | sort -u | grep -c .) file(s):"
    echo "$findings" | sed -E 's/^.*: (error|warning): (\[([A-Za-z]+)\])?.*$/\3/; s/^$/(syntax error)/' \
        | sort | uniq -c | sort -rn | awk '{ n = $1; $1 = ""; printf "  %5d%s\n", n, $0 }'
    echo "Fix them by hand (swift format in format mode would re-lay-out whole files)."
    exit 1
fi
if [ "$status" -ne 0 ] && [ "$dropped" -eq 0 ]; then
    echo "scripts/lint.sh: swift format lint failed (status $status)" >&2
    exit "$status"
fi
echo "scripts/lint.sh: no findings (${#paths[@]} path(s); $dropped layout finding(s) not checked)"
