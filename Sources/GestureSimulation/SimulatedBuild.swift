import GestureTrace

/// The app builds the simulated sessions were recorded with: each variant's
/// first half of sessions on one build, the rest on the next, as a team's
/// captures span a release. The builds behave alike, so a comparison of
/// builds shows what no regression looks like (`compare --by app.build`).
/// With one session a variant, the experiment's variants alternate builds
/// instead, so that there are still two.
package enum SimulatedBuild {
    package static let name = "GestureLab Probe"
    package static let version = "2.3"
    /// The earlier build and the later one.
    package static let builds = ["41", "42"]

    /// The app of the session numbered `ordinal` (from 0, the experiment's
    /// variants taking turns) of `sessions` a variant.
    package static func app(ordinal: Int, variants: Int, of sessions: Int) -> AppInfo {
        let replicate = ordinal / max(variants, 1)
        let later = sessions > 1 ? replicate >= (sessions + 1) / 2 : ordinal % 2 == 1
        return AppInfo(name: name, version: version, build: builds[later ? 1 : 0])
    }
}
