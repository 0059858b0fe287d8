#!/usr/bin/env bash
# Runs the capture reader on the parsing cases of Nicolas Seriot's
# JSONTestSuite (https://github.com/nst/JSONTestSuite), given a checkout:
#
#   git clone https://github.com/nst/JSONTestSuite /tmp/JSONTestSuite
#   scripts/json-test-suite.sh /tmp/JSONTestSuite [path/to/gesturelab]
#
# Each case's JSON text becomes the value of an unknown field of a frame
# record (`{"type":"frame",…,"extra":TEXT}`), which the reader must check
# though it ignores it, and the capture is imported into a fresh store.
# y_ cases must import; n_ cases must be refused with exit status 1 and a
# message naming the file and line 3; i_ cases (either is allowed) are
# listed with what happened. Cases whose text holds a line break (other
# than one ending it, which is dropped) cannot be one record of a JSON
# Lines file and are skipped (named at the end).
# Exits non-zero when a y_ case is refused, an n_ case is imported, or the
# tool crashes. Nothing in the repository is written.
set -euo pipefail

suite=${1:?usage: scripts/json-test-suite.sh JSONTestSuite-checkout [gesturelab]}
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${2:-}
if [[ -z $tool ]]; then
    (cd "$root" && swift build -c release --product gesturelab >&2)
    tool="$root/.build/release/gesturelab"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/json-test-suite.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$tool" "$suite/test_parsing" "$work" <<'PY'
import os, subprocess, sys
tool, cases, work = sys.argv[1:4]
head = (b'{"type":"header","format":"gesture-trace","version":1}\n'
        b'{"type":"session","session":"s","experiment":"e","variant":"v"}\n')
capture, store = os.path.join(work, 'case.jsonl'), os.path.join(work, 'case.sqlite')
counts = {kind: [0, 0] for kind in 'yni'}
failures, skipped = [], []
for name in sorted(os.listdir(cases)):
    text = open(os.path.join(cases, name), 'rb').read()
    # A line break ending the text is whitespace after it: the same JSON without.
    if text.endswith(b'\n') and b'\n' not in text[:-1] and b'\r' not in text:
        text = text[:-1]
    if b'\n' in text or b'\r' in text:
        skipped.append(name)
        continue
    for path in (store, store + '-wal', store + '-shm'):
        if os.path.exists(path): os.remove(path)
    with open(capture, 'wb') as out:
        out.write(head + b'{"type":"frame","session":"s","t":1,"extra":' + text + b'}\n')
    run = subprocess.run([tool, 'import', capture, '--db', store], capture_output=True)
    lines = run.stderr.decode('utf-8', 'replace').splitlines()
    message = next((l for l in lines if l.startswith(capture + ':')), '')
    kind, imported = name[0], run.returncode == 0
    counts[kind][0 if imported else 1] += 1
    if run.returncode not in (0, 1):
        failures.append(f'{name}: exit status {run.returncode}')
    elif kind == 'y' and not imported:
        failures.append(f'{name}: refused: {message or lines[-1:]}')
    elif kind == 'n' and imported:
        failures.append(f'{name}: imported')
    elif kind == 'n' and not message.startswith(capture + ':3: '):
        failures.append(f'{name}: message does not name the line: {lines[-1:]}')
    elif kind == 'i':
        print(f'{name}: ' + ('imported' if imported else 'refused: ' + message[len(capture) + len(':3: '):]))
print(f'y_ (must import): {counts["y"][0]} imported, {counts["y"][1]} refused')
print(f'n_ (must refuse): {counts["n"][0]} imported, {counts["n"][1]} refused')
print(f'i_ (either): {counts["i"][0]} imported, {counts["i"][1]} refused')
print(f'skipped, a line break in the text: {len(skipped)} ({", ".join(skipped)})')
for failure in failures: print('FAIL ' + failure)
sys.exit(1 if failures else 0)
PY
