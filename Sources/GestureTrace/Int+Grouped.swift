import Foundation

package extension Int {
    /// `1,234,567`: counts people read, grouped by thousands whatever the locale.
    ///
    /// Every module of the package prints counts this way (import summaries,
    /// tables, the report), so it lives once, here, at the bottom layer.
    var grouped: String { formatted(.number.locale(Locale(identifier: "en_US"))) }
}
