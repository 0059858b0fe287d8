#!/bin/sh
# Renders an HTML report to a PNG with headless Chromium, for the README.
#
#   scripts/screenshot-report.sh [REPORT.html [OUT.png [WIDTH,HEIGHT]]]
#
# Without arguments: runs the demo (release build) into a temporary folder and
# renders its report.html to docs/report-demo.png at 1280×2400.
# Needs Debian's chromium: apt-get install -y chromium
set -eu

report=${1:-}
out=${2:-docs/report-demo.png}
size=${3:-1280,2400}

command -v chromium >/dev/null 2>&1 || { echo "chromium not found: apt-get install -y chromium" >&2; exit 1; }

cleanup=""
if [ -z "$report" ]; then
    work=$(mktemp -d)
    cleanup=$work
    swift run -c release gesturelab demo --dir "$work/demo" >/dev/null
    report=$work/demo/report.html
fi

absolute=$(cd "$(dirname "$report")" && pwd)/$(basename "$report")
profile=$(mktemp -d)
# --no-sandbox: Chromium refuses to run its sandbox as root, as in containers.
# Its D-Bus complaints on stderr are harmless and dropped.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --window-size="$size" --screenshot="$out" "file://$absolute" 2>/dev/null
rm -rf "$profile" ${cleanup:+"$cleanup"}
echo "wrote $out ($(wc -c <"$out") bytes)"
