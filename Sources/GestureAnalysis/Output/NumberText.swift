/// Numbers as text.
enum NumberText {
    /// Shortest text that reads back as the same Double: `12.5`, `0.1`,
    /// `1e-07`; whole numbers without `.0`; non-finite values as `nan`/`inf`.
    static func shortest(_ value: Double) -> String {
        if let whole = wholeNumber(value) { return String(whole) }
        return value.description
    }

    /// The value as an integer when it is one that a Double holds exactly
    /// and `description` would write with `.0` or an exponent.
    static func wholeNumber(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }
}
