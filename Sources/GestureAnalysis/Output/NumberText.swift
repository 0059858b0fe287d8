/// Numbers as text.
package enum NumberText {
    /// Shortest text that reads back as the same Double: `12.5`, `0.1`,
    /// `1e-07`; whole numbers without `.0`; non-finite values as `nan`/`inf`.
    package static func shortest(_ value: Double) -> String {
        if let whole = wholeNumber(value) { return String(whole) }
        return value.description
    }

    /// The value with `digits` decimals (`%.Nf`, with a sign when `signed`),
    /// never `-0.0…`: a value that rounds to zero prints as zero, since a
    /// minus on a zero claims a direction the number does not have.
    ///
    ///     NumberText.fixed(-0.004, digits: 2)                 // "0.00"
    ///     NumberText.fixed(-0.04, digits: 1, signed: true)    // "+0.0"
    package static func fixed(_ value: Double, digits: Int, signed: Bool = false) -> String {
        let text = String(format: signed ? "%+.\(digits)f" : "%.\(digits)f", value)
        guard text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) else { return text }
        return (signed ? "+" : "") + text.dropFirst()
    }

    /// The value as an integer when it is one that a Double holds exactly
    /// and `description` would write with `.0` or an exponent.
    static func wholeNumber(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }
}
