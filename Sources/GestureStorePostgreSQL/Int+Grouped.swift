import Foundation

extension Int {
    /// `1,234,567`: counts people read, grouped by thousands whatever the locale.
    var grouped: String { formatted(.number.locale(Locale(identifier: "en_US"))) }
}
