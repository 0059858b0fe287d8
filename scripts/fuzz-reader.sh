#!/usr/bin/env bash
# Fuzzes the capture reader with libFuzzer for SECONDS (default 60).
#
#   scripts/fuzz-reader.sh 600
#
# Compiles Sources/GestureTrace, the invariants of
# Tests/GestureTraceTests/ReaderInvariants.swift and Fuzz/FuzzReader.swift with
# `swiftc -sanitize=fuzzer,address` into a scratch folder (not the package
# build), then runs it on a copy of Fuzz/corpus. New inputs and any crash stay
# in the scratch folder, which is printed at the end; the repository is not
# written. FUZZ_WORK=DIR chooses the folder, FUZZ_JOBS=N runs N processes.
# The linker's "Cannot export local symbol __asan_..." warnings are harmless.
set -euo pipefail

seconds=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/fuzz-reader.XXXXXX")}
mkdir -p "$work/corpus" "$work/crashes"

echo "building the harness in $work" >&2
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -D FUZZING \
    -module-name GestureTrace \
    "$root"/Sources/GestureTrace/*.swift \
    "$root/Tests/GestureTraceTests/ReaderInvariants.swift" \
    "$root/Fuzz/FuzzReader.swift" \
    -o "$work/fuzz-reader" 2> >(grep -v "Cannot export local symbol" >&2)

jobs=${FUZZ_JOBS:-1}
echo "fuzzing for $seconds s ($jobs process(es))" >&2
status=0
# New inputs go to the first folder; the seeds, past crashes and examples are only read.
"$work/fuzz-reader" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$work/crashes/" \
    ${FUZZ_JOBS:+-jobs="$jobs" -workers="$jobs"} \
    "$work/corpus" "$root/Fuzz/corpus" "$root/Fuzz/regressions" "$root/Examples" || status=$?

crashes=$(find "$work/crashes" -type f | wc -l)
echo "corpus: $(find "$work/corpus" -type f | wc -l) new inputs; crashes: $crashes; folder: $work" >&2
if [ "$crashes" -gt 0 ]; then
    echo "reproduce one with: $work/fuzz-reader FILE (add it to Fuzz/regressions/)" >&2
fi
exit "$status"
