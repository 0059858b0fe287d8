extension String {
    /// Whether the two texts have the same UTF-8 bytes: what SQL's `=`
    /// compares (SQLite's BINARY collation; PostgreSQL's deterministic
    /// ones). Swift's `==` also equates canonically equivalent spellings,
    /// `café` with a precomposed `é` and `cafe` + U+0301, which the store
    /// keeps apart as two names; code that matches names read from a store
    /// compares them this way.
    ///
    /// ```swift
    /// "caf\u{E9}" == "cafe\u{301}"                // true
    /// "caf\u{E9}".hasSameBytes(as: "cafe\u{301}") // false
    /// ```
    package func hasSameBytes(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}

extension String? {
    /// Both nil, or both texts with the same bytes (``Swift/String/hasSameBytes(as:)``).
    package func hasSameBytes(as other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let left?, let right?): left.hasSameBytes(as: right)
        default: false
        }
    }
}
