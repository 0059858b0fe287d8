/// Formats wall-clock times as ISO 8601 in UTC with milliseconds,
/// `2024-06-03T09:00:00.000Z`, without Foundation's formatters: the text
/// depends on nothing but the number.
enum ISO8601Timestamp {
    /// `epochNanos`: nanoseconds since 1970-01-01T00:00:00Z, not negative.
    static func text(epochNanos: Int64) -> String {
        let millisTotal = epochNanos / 1_000_000
        let seconds = millisTotal / 1000
        let millis = millisTotal % 1000
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millis, 3))Z"
    }

    /// The proleptic Gregorian date of a day count (Howard Hinnant's
    /// `civil_from_days`, exact for every day after 1970).
    static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
