extension MannWhitneyResult {
    /// `"sessions"."test"` of `compare --format json`: the session-level
    /// Mann–Whitney test, for latencies (`of` "session medians") and for rates
    /// ("session rates") alike; nulls when there were too few sessions.
    ///
    ///     MannWhitneyResult.sessionTestObject(test, of: "session rates")
    static func sessionTestObject(_ test: MannWhitneyResult?, of values: String) -> JSONValue {
        .object([
            ("name", .string("mann_whitney")),
            ("u", .number(test?.u)),
            ("p", .number(test?.p)),
            ("method", test.map { .string($0.method.rawValue) } ?? .null),
            ("smallest_possible_p", .number(test?.smallestPossibleP)),
            ("of", .string(values)),
        ])
    }
}
