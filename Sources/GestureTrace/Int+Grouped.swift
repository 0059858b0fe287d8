package extension Int {
    /// `1,234,567`: counts people read, grouped by thousands whatever the locale.
    ///
    /// Every module of the package prints counts this way (import summaries,
    /// tables, the report), so it lives once, here, at the bottom layer.
    /// Grouped by hand rather than by a number format style, which loads
    /// ICU's locale data: megabytes of resident memory for a comma.
    var grouped: String {
        let digits = String(magnitude)
        var text = ""
        text.reserveCapacity(digits.count + digits.count / 3 + 1)
        if self < 0 { text.append("-") }
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
