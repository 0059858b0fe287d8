package extension Duration {
    /// The duration in seconds, for rates and reports.
    ///
    ///     Duration.milliseconds(1500).seconds   // 1.5
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
