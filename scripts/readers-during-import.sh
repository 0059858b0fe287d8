#!/usr/bin/env bash
# Readers during an import: runs `gesturelab query` over and over while a
# large import writes, and a second import queued behind it, then reports
# how many reads answered during the import, what they saw, how long they
# took compared with the same read on an idle store, and the order in which
# the two imports ended.
#
#   scripts/readers-during-import.sh [RECORDS]        (default 2,000,000)
#
# Uses .build/release/gesturelab (or $GESTURELAB) and the sqlite3 shell.
# Times are of one run on
# whatever machine runs it; compare the reader's time during the import with
# its own idle time from the same run, not with other machines.
set -euo pipefail

records=${1:-2000000}
root=$(cd "$(dirname "$0")/.." && pwd)
gesturelab=${GESTURELAB:-$root/.build/release/gesturelab}
[[ -x $gesturelab ]] || { echo "build first: swift build -c release (or set GESTURELAB)" >&2; exit 2; }

work=$(mktemp -d /tmp/gesturelab-readers.XXXXXX)
trap 'rm -rf "$work"' EXIT
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

"$gesturelab" simulate --records "$records" --seed 5 --out "$work/big.jsonl" 2>/dev/null
"$gesturelab" simulate --sessions 1 --seed 6 --out "$work/small.jsonl" 2>/dev/null
db="$work/lab.sqlite"
"$gesturelab" import --db "$db" "$root/Examples/edge-deferral.jsonl" 2>/dev/null
read_sql="SELECT count(*) AS captures, (SELECT count(*) FROM responses) AS responses FROM capture"
read_once() { "$gesturelab" query --db "$db" --sql "$read_sql" --format csv | tail -n 1 | tr -d '\r'; }

idle=()
for _ in 1 2 3 4 5 6 7 8 9 10; do
    t=$(now_ms); read_once >/dev/null; idle+=($(( $(now_ms) - t )))
done
before=$(read_once)

t0=$(now_ms)
"$gesturelab" import --db "$db" "$work/big.jsonl" 2>"$work/big.err" &
big=$!
# Queued behind the big import once it holds the write lock: it must wait,
# say so once, and end after it.
until ! sqlite3 "$db" "BEGIN IMMEDIATE; ROLLBACK;" 2>/dev/null; do
    kill -0 "$big" 2>/dev/null || { echo "the big import ended before it was seen writing" >&2; exit 1; }
done
"$gesturelab" import --db "$db" "$work/small.jsonl" 2>"$work/small.err" && echo "small $(now_ms)" >>"$work/ends" &
small=$!

during=() answers=()
while kill -0 "$big" 2>/dev/null; do
    t=$(now_ms); answer=$(read_once); e=$(now_ms)
    # Only reads that ended while the import was still running count.
    if kill -0 "$big" 2>/dev/null; then during+=($(( e - t ))); answers+=("$answer"); fi
done
wait "$big"; echo "big $(now_ms)" >>"$work/ends"
wait "$small"
import_ms=$(( $(sort -k2 -n "$work/ends" | awk '$1 == "big" { print $2 }') - t0 ))
after=$(read_once)

echo "store before: captures,responses = $before; after both imports: $after"
echo "big import: $(grep -o 'imported.*' "$work/big.err" | sed "s|$work/||")"
echo "wall time of the big import: $import_ms ms"
echo "reads that answered while it ran: ${#during[@]}"
echo "  what they saw: $(printf '%s\n' "${answers[@]}" | sort | uniq -c | awk '{ printf "%s x %s; ", $1, $2 }')"
echo "  read time during the import: median $(printf '%s\n' "${during[@]}" | median) ms, max $(printf '%s\n' "${during[@]}" | sort -n | tail -n 1) ms"
echo "  the same read on the idle store: median $(printf '%s\n' "${idle[@]}" | median) ms"
echo "second import: \"waiting\" lines: $(grep -c '^waiting: ' "$work/small.err"); commit order (capture ids): $(sqlite3 "$db" "SELECT group_concat(file_name || ' ' || id, ', ') FROM (SELECT * FROM capture ORDER BY id)")"
echo "files at the end: $(cd "$work" && ls lab.sqlite* | tr '\n' ' ')"
cp "$db" "$work/alone.sqlite"
echo "a copy of lab.sqlite alone: captures,responses = $(sqlite3 "$work/alone.sqlite" "SELECT count(*), (SELECT count(*) FROM responses) FROM capture" | tr '|' ',')"
