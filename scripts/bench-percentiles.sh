#!/bin/bash
# Times the SQL percentile aggregates (percentile, median, percentile_disc) on
# N generated values per group, for one or more gesturelab binaries, beside a
# baseline of the same query with max() in place of the percentiles: the
# difference is what the percentiles cost. Prints each answer too, so two
# binaries can be checked to agree to the last digit. Times are CPU seconds
# (user + system, the least of three runs): on a shared machine they vary
# far less than wall-clock time.
#
#   scripts/bench-percentiles.sh [-n "1000000 12000000"] BINARY [BINARY ...]
#   scripts/bench-percentiles.sh .build/release/gesturelab
#
# The values: x = (i·2654435761 mod 1000003) / 1000 for i = 1...N (a
# deterministic shuffle of 0–1000 ms), or i / 1000 in ascending order.
set -euo pipefail
sizes="1000000 12000000"
if [ "${1:-}" = "-n" ]; then sizes=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [-n \"SIZES\"] BINARY [BINARY ...]" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Any gesturelab store will do: the values come from the query itself.
"$1" simulate --experiment hit-area --sessions 1 --touches 2 --out "$work/tiny.jsonl" 2>/dev/null
"$1" import --db "$work/store.sqlite" "$work/tiny.jsonl" >/dev/null 2>&1

runs=3
seconds() {  # binary sql -> prints "cpu-seconds answer": user+system CPU, the least of $runs runs
    local best="" answer cpu
    for _ in $(seq $runs); do
        answer=$( { /usr/bin/time -f '%U %S' -o "$work/time" "$1" query --db "$work/store.sqlite" --format csv \
            --sql "$2"; } | tail -n 1)
        cpu=$(awk '{ print $1 + $2 }' "$work/time")
        if [ -z "$best" ] || [ "$(echo "$cpu < $best" | bc)" = 1 ]; then best=$cpu; fi
    done
    echo "$best $answer"
}

printf '| binary | values | case | CPU s | baseline CPU s | percentiles CPU s | answer |\n'
printf '| --- | ---: | --- | ---: | ---: | ---: | --- |\n'
for n in $sizes; do
    gen="WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $n)"
    shuffled="SELECT (i * 2654435761 % 1000003) / 1000.0 AS x FROM c"
    ascending="SELECT i / 1000.0 AS x FROM c"
    cases=(
        "shuffled, percentile(x, 95)|$gen SELECT percentile(x, 95) FROM ($shuffled)|$gen SELECT max(x) FROM ($shuffled)"
        "shuffled, p50 p90 p95 p99|$gen SELECT percentile(x, 50), percentile(x, 90), percentile(x, 95), percentile(x, 99) FROM ($shuffled)|$gen SELECT max(x), max(x), max(x), max(x) FROM ($shuffled)"
        "shuffled, median + percentile_disc(x, 0.9)|$gen SELECT median(x), percentile_disc(x, 0.9) FROM ($shuffled)|$gen SELECT max(x), max(x) FROM ($shuffled)"
        "ascending, p50 p90 p95 p99|$gen SELECT percentile(x, 50), percentile(x, 90), percentile(x, 95), percentile(x, 99) FROM ($ascending)|$gen SELECT max(x), max(x), max(x), max(x) FROM ($ascending)"
    )
    for binary in "$@"; do
        for entry in "${cases[@]}"; do
            IFS='|' read -r name sql baseline <<<"$entry"
            read -r total answer <<<"$(seconds "$binary" "$sql")"
            read -r base _ <<<"$(seconds "$binary" "$baseline")"
            printf '| %s | %s | %s | %.2f | %.2f | %.2f | %s |\n' "$binary" "$n" "$name" "$total" "$base" \
                "$(echo "$total - $base" | bc)" "$answer"
        done
    done
done
