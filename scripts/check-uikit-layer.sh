#!/usr/bin/env bash
# Compile check of GestureRecorder's UIKit layer, the Swift snippets of
# docs/recording.md and the probe app, against Apple's iPhoneOS SDK.
#
#   scripts/check-uikit-layer.sh [--module-cache DIR]
#
#   IOS_SDK=DIR        an iPhoneOS SDK folder (iPhoneOS<version>.sdk); without
#                      it, on a Mac, `xcrun --sdk iphoneos --show-sdk-path`
#   CHECK_WORK=DIR     keep the modules and objects in DIR (default: a
#                      temporary folder, removed at the end)
#   --module-cache DIR the compiler's module cache (default: CHECK_WORK/module-cache).
#                      Kept between runs, it saves building the SDK's
#                      modules again (Swift, Foundation, UIKit): most of a
#                      cold run's time.
#
# `swift build` compiles Sources/GestureRecorder/UIKit only for iOS and Mac
# Catalyst (os(iOS)), so on Linux nothing else compiles it. This script does,
# for arm64-apple-ios16.0 (the package's deployment target), in Swift 6
# language mode with warnings as errors (main-actor violations against UIKit's
# declarations are warnings otherwise, since UIKit is imported from
# Objective-C), steps 2–4 each to an arm64 object, which also runs the
# compiler's SIL diagnostics (the region-based isolation checker among them):
#
#   1. GestureTrace, as a module;
#   2. every file of Sources/GestureRecorder, UIKit/ included, to an object;
#   3. every ```swift block of docs/recording.md, as the body of a method of a
#      view controller that declares the names the snippets use (the context
#      below; a block's `import` lines become the file's). An HTML comment on
#      the line before a block changes that: `<!-- uikit-check: members -->`
#      compiles it as declarations of such a controller,
#      `<!-- uikit-check: skip -->` not at all (a Package.swift fragment).
#      Every warning fails here too, but for values a snippet leaves unused;
#   4. every Swift source of the probe app (Apps/GestureProbe.swiftpm), as
#      its own package importing GestureRecorder; its Package.swift, which
#      imports Xcode's AppleProductTypes, is only parsed.
#
# On Linux the toolchain needs two things for a Darwin target, made here in
# the work folder: a resource folder of its own with the toolchain's clang,
# host and apinotes folders only (its CoreFoundation, dispatch, Block and os
# header folders would shadow the SDK's), and the SDK's Swift shims in it,
# under each shim module's name.
#
# A pass shows the code consistent with Apple's declarations: it type-checks
# and compiles. Nothing is linked or run; that needs Xcode and a device.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
app="$root/Apps/GestureProbe.swiftpm"
fail() { echo "check-uikit-layer: $*" >&2; exit 1; }
step() { echo "check-uikit-layer: $*" >&2; }

module_cache=
while [ $# -gt 0 ]; do
    case "$1" in
        --module-cache) [ $# -ge 2 ] || fail "--module-cache needs a folder"; module_cache=$2; shift 2 ;;
        --module-cache=*) module_cache=${1#--module-cache=}; shift ;;
        *) fail "unknown argument '$1' (usage: scripts/check-uikit-layer.sh [--module-cache DIR])" ;;
    esac
done

# The SDK: IOS_SDK when set, else Xcode's on a Mac. No SDK is a failure, so
# that CI cannot pass without checking.
sdk=${IOS_SDK:-}
if [ -z "$sdk" ] && command -v xcrun >/dev/null 2>&1; then
    sdk=$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null || true)
fi
[ -n "$sdk" ] || fail "no iPhoneOS SDK: set IOS_SDK to an iPhoneOS SDK folder (on a Mac, Xcode's is found by xcrun)"
[ -f "$sdk/SDKSettings.json" ] && [ -d "$sdk/usr/lib/swift" ] \
    || fail "IOS_SDK=$sdk is not an iPhoneOS SDK folder (no SDKSettings.json or usr/lib/swift)"
sdk=$(cd "$sdk" && pwd)

work=${CHECK_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/check-uikit-layer.XXXXXX")}
[ -n "${CHECK_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
work=$(cd "$work" && pwd)
module_cache=${module_cache:-$work/module-cache}
mkdir -p "$module_cache" "$work/modules" "$work/objects"
rm -f "$work"/modules/*.swiftmodule "$work"/objects/*.o

swiftc=(swiftc -target arm64-apple-ios16.0 -sdk "$sdk" -module-cache-path "$module_cache"
        -swift-version 6 -parse-as-library -I "$work/modules")
if [ "$(uname -s)" != Darwin ]; then
    toolchain_lib=$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift" && pwd)
    resources="$work/resource-dir"
    rm -rf "$resources"
    mkdir -p "$resources"
    for folder in clang host apinotes; do
        [ -e "$toolchain_lib/$folder" ] && ln -s "$toolchain_lib/$folder" "$resources/$folder"
    done
    for shim in shims SwiftShims _SwiftConcurrencyShims SwiftOverlayShims _SynchronizationShims \
                _SwiftOSOverlayShims _SwiftXPCOverlayShims; do
        ln -s "$sdk/usr/lib/swift/shims" "$resources/$shim"
    done
    swiftc+=(-resource-dir "$resources")
fi

step "SDK $sdk"
step "GestureTrace"
mapfile -t trace_sources < <(find "$root/Sources/GestureTrace" -name '*.swift' | sort)
"${swiftc[@]}" -emit-module -warnings-as-errors -package-name gesturelab -module-name GestureTrace \
    -emit-module-path "$work/modules/GestureTrace.swiftmodule" "${trace_sources[@]}"

step "GestureRecorder with its UIKit layer"
mapfile -t recorder_sources < <(find "$root/Sources/GestureRecorder" -name '*.swift' | sort)
printf '%s\n' "${recorder_sources[@]}" | grep -q '/UIKit/' || fail "no sources in Sources/GestureRecorder/UIKit"
"${swiftc[@]}" -c -wmo -warnings-as-errors -package-name gesturelab -module-name GestureRecorder \
    -emit-module-path "$work/modules/GestureRecorder.swiftmodule" \
    -o "$work/objects/GestureRecorder.o" "${recorder_sources[@]}"

step "the Swift snippets of docs/recording.md"
# The names the snippets use without declaring them, as an app's view
# controller would have them. Each snippet becomes a method of this class
# (or, marked `members`, the body of a subclass).
cat >"$work/GuideSnippetContext.swift" <<'EOF'
import GestureRecorder
import UIKit

@MainActor
class GuideSnippetController: UIViewController {
    var window: GestureRecordingWindow!
    var viewController: UIViewController!
    var recorder: GestureRecorder!
    var recording: UIKitRecording!
    var recordButton: UIButton!
    var pan: UIPanGestureRecognizer!
    var scrollView: UIScrollView!
    var buttons: [UIButton] = []
    var runID = "run-1"
    var deferEdges = true
    var delays = true
}
EOF
snippets="$work/GuideSnippets.swift"
awk '
    BEGIN {
        print "// Generated by scripts/check-uikit-layer.sh from docs/recording.md."
        print "import GestureRecorder"
        print "import UIKit"
        kind = "statements"; count = 0; inside = 0
    }
    /^[[:space:]]*<!-- uikit-check: (members|skip) -->[[:space:]]*$/ {
        kind = ($0 ~ /members/) ? "members" : "skip"; next
    }
    /^[[:space:]]*```swift[[:space:]]*$/ && !inside {
        inside = 1; count += 1; mode = kind; kind = "statements"
        if (mode == "statements") {
            printf "\nextension GuideSnippetController {\n    func guideSnippet%d() throws { // docs/recording.md:%d\n", count, NR
        } else if (mode == "members") {
            printf "\nfinal class GuideSnippet%dController: GuideSnippetController { // docs/recording.md:%d\n", count, NR
        }
        next
    }
    /^[[:space:]]*```[[:space:]]*$/ && inside {
        inside = 0
        if (mode == "statements") print "    }\n}"
        else if (mode == "members") print "}"
        next
    }
    # The generated file imports GestureRecorder and UIKit once, at file scope.
    inside && /^[[:space:]]*import [A-Za-z]+[[:space:]]*$/ { next }
    inside && mode != "skip" { print "        " $0; next }
    /^[[:space:]]*$/ { next }
    { kind = "statements" }
' "$root/docs/recording.md" >"$snippets"
blocks=$(grep -c '// docs/recording.md:' "$snippets" || true)
if [ -n "${CHECK_WORK:-}" ]; then where_snippets="generated as $snippets"; else where_snippets="CHECK_WORK=DIR keeps the generated file"; fi
[ "$blocks" -gt 0 ] || fail "found no Swift snippets in docs/recording.md"
# Every warning fails but one: a snippet may show a value it does not use
# (`let url = try recorder.start(…)`), which the compiler has no flag to
# exempt alone.
if ! "${swiftc[@]}" -c -wmo -package-name GuideSnippets -module-name GuideSnippets \
    -o "$work/objects/GuideSnippets.o" "$work/GuideSnippetContext.swift" "$snippets" 2>"$work/snippets.log"; then
    cat "$work/snippets.log" >&2
    fail "a Swift snippet of docs/recording.md does not compile ($where_snippets)"
fi
if grep -E '^[^ ]+: warning: ' "$work/snippets.log" | grep -vq 'was never used'; then
    cat "$work/snippets.log" >&2
    fail "a Swift snippet of docs/recording.md compiles with a warning ($where_snippets)"
fi

step "the probe app, Apps/GestureProbe.swiftpm"
[ -f "$app/Package.swift" ] || fail "no Apps/GestureProbe.swiftpm/Package.swift"
swiftc -parse "$app/Package.swift"
mapfile -t app_sources < <(find "$app" -name '*.swift' ! -name Package.swift ! -path '*/.build/*' | sort)
[ "${#app_sources[@]}" -gt 0 ] || fail "no Swift sources in Apps/GestureProbe.swiftpm"
"${swiftc[@]}" -c -wmo -warnings-as-errors -package-name GestureProbe -module-name AppModule \
    -o "$work/objects/AppModule.o" "${app_sources[@]}"

step "passed: GestureTrace, GestureRecorder (${#recorder_sources[@]} files), $blocks snippets and the probe app" \
     "(${#app_sources[@]} files) compile for arm64-apple-ios16.0 against $(basename "$sdk"); nothing was linked or run"
