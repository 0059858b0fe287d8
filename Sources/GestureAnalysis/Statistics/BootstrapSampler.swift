import SeededRandom

/// Draws one bootstrap replicate of a statistic of one group: a
/// percentile of a resample, a pooled rate of a two-stage resample, ….
///
/// ``BootstrapInterval/ofDifference(estimate:a:b:seed:replicates:confidence:)``
/// draws A's and B's replicates alternately from one stream, so a sampler
/// must take its randomness only from `generator`.
protocol BootstrapSampler {
    func draw(using generator: inout SeededGenerator) -> Double
}
