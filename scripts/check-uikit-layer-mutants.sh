#!/usr/bin/env bash
# Shows that scripts/check-uikit-layer.sh catches the mistakes it is there
# for: on a copy of the sources it checks, the unmutated copy must pass and
# each mutant below must fail.
#
#   scripts/check-uikit-layer-mutants.sh [--module-cache DIR]
#
# IOS_SDK and --module-cache as for scripts/check-uikit-layer.sh; give the
# same module cache, or every run builds the SDK's modules again. Prints one
# line per mutant; exits non-zero if the copy fails or a mutant passes.
#
# Each mutant is a mistake the compiler can see only against Apple's own
# declarations: a misspelt UIKit member, an `override` of a method UIKit
# does not have, an API newer than iOS 16 without `if #available`, UIKit
# touched off the main actor, a `#selector` of a method not exposed to
# Objective-C, in the recorder, the probe app and the guide's snippets.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
args=("$@")
copy=$(mktemp -d "${TMPDIR:-/tmp}/check-uikit-layer-mutants.XXXXXX")
trap 'rm -rf "$copy"' EXIT

mkdir -p "$copy/Sources" "$copy/docs" "$copy/scripts" "$copy/Apps"
cp -R "$root/Sources/GestureTrace" "$root/Sources/GestureRecorder" "$copy/Sources/"
cp "$root/docs/recording.md" "$copy/docs/"
cp "$root/scripts/check-uikit-layer.sh" "$copy/scripts/"
cp -R "$root/Apps/GestureProbe.swiftpm" "$copy/Apps/"
rm -rf "$copy/Apps/GestureProbe.swiftpm/.build"

check() {
    CHECK_WORK="$copy/work" "$copy/scripts/check-uikit-layer.sh" "${args[@]}" >"$copy/check.log" 2>&1
}

if ! check; then
    cat "$copy/check.log" >&2
    echo "check-uikit-layer-mutants: the unmutated copy fails the check" >&2
    exit 1
fi
echo "unmutated copy: passes"

# name | file | text | replacement (the text must occur in the file)
mutants=(
    "misspelt UIKit member (recorder)|Sources/GestureRecorder/UIKit/UITouchSample.swift|touch.majorRadius|touch.majorRadious"
    "override of a method UIWindow lacks (recorder)|Sources/GestureRecorder/UIKit/GestureRecordingWindow.swift|open override func sendEvent(|open override func sendEvents("
    "iOS 17.5 API without if #available (recorder)|Sources/GestureRecorder/UIKit/UITouchSample.swift|force = Double(touch.force)|force = Double(touch.rollAngle)"
    "UIKit read off the main actor (recorder)|Sources/GestureRecorder/UIKit/UITouchSample.swift|    @MainActor
    init(_ touch: UITouch|    nonisolated init(_ touch: UITouch"
    "#selector of a method not exposed to Objective-C (recorder)|Sources/GestureRecorder/UIKit/ObjCEntryPoints.swift|@objc func handleTick|func handleTick"
    "wrong type of a UIKit property (recorder)|Sources/GestureRecorder/UIKit/UITouchSample.swift|timestamp = touch.timestamp|timestamp = touch.phase"
    "misspelt UIKit member (probe app)|Apps/GestureProbe.swiftpm/App/ContentTouchesViewController.swift|scrollView.delaysContentTouches = on|scrollView.delaysContentTouch = on"
    "override of a property UIViewController lacks (probe app)|Apps/GestureProbe.swiftpm/App/EdgeDeferralViewController.swift|override var preferredScreenEdgesDeferringSystemGestures|override var preferredScreenEdgesDeferringSystemGesture"
    "iOS 17.5 API without if #available (probe app)|Apps/GestureProbe.swiftpm/App/ProbeWindow.swift|\$0.phase == .began|\$0.rollAngle > 0"
    "UIKit touched off the main actor (probe app)|Apps/GestureProbe.swiftpm/App/Probe.swift|@MainActor
final class Probe|final class Probe"
    "misspelt recorder API (guide snippet)|docs/recording.md|session.setDeferredEdges(of: self)|session.setDeferredEdge(of: self)"
)

failures=0
for mutant in "${mutants[@]}"; do
    IFS='|' read -r -d '' name file text replacement < <(printf '%s\0' "$mutant") || true
    target="$copy/$file"
    original=$(cat "$target"; printf x)
    original=${original%x}
    mutated=${original/"$text"/"$replacement"}
    if [ "$mutated" = "$original" ]; then
        echo "STALE   $name: '$text' is no longer in $file" >&2
        failures=$((failures + 1))
        continue
    fi
    printf '%s' "$mutated" >"$target"
    if check; then
        echo "MISSED  $name: the check passed ($file)" >&2
        failures=$((failures + 1))
    else
        reason=$(grep -m1 'error:' "$copy/check.log" | sed 's/^.*error: //' || true)
        echo "caught  $name: ${reason:-the check failed}"
    fi
    printf '%s' "$original" >"$target"
done

if [ "$failures" -gt 0 ]; then
    echo "check-uikit-layer-mutants: $failures of ${#mutants[@]} mutants not caught" >&2
    exit 1
fi
echo "check-uikit-layer-mutants: all ${#mutants[@]} mutants fail the check"
