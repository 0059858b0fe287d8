import Foundation
import SeededRandom

/// One simulated experiment design of the calibration study, with known truth.
///
/// Latency of a touch in session s of arm g: `50 ms · exp(arm_g + b_s) · W`,
/// where b_s ~ N(0, σ_b²) is the session's effect and W the touch's noise
/// (``Shape``). On the log scale, log latency = arm + session effect + touch
/// noise, and σ_b² = ICC/(1 − ICC) · Var(log W), so ICC is the share of the
/// log latency's variance between sessions. Under ``Effect/slower`` B's arm
/// is log 1.25: B is 25 % slower at every quantile.
package struct CalibrationScenario: Sendable, Hashable {
    /// What a touch's noise W looks like.
    package enum Shape: String, Sendable, CaseIterable {
        /// log W ~ N(0, 0.5²).
        case logNormal = "log-normal"
        /// W = 0.3 + Gamma(2, 0.35), and 5 % of touches 4 times that: skewed,
        /// with a heavy tail (a main thread busy now and then).
        case gammaTail = "gamma+tail"

        /// One draw of W.
        func draw(using generator: inout SeededGenerator) -> Double {
            switch self {
            case .logNormal:
                return exp(0.5 * generator.nextNormal())
            case .gammaTail:
                let base = 0.3 + 0.35 * generator.nextGamma(shape: 2)
                return generator.nextUniform() < 0.05 ? 4 * base : base
            }
        }
    }

    package enum Effect: String, Sendable, CaseIterable {
        /// A and B the same.
        case null
        /// B 25 % slower at every quantile (latency); B's rate lower (proportion).
        case slower
    }

    package var shape: Shape
    package var sessions: Int
    package var touches: Int
    package var icc: Double
    package var effect: Effect

    package init(shape: Shape, sessions: Int, touches: Int, icc: Double, effect: Effect) {
        self.shape = shape
        self.sessions = sessions
        self.touches = touches
        self.icc = icc
        self.effect = effect
    }

    /// The grid the study runs: sessions a group, touches a session, ICC.
    package static let sessionCounts = [3, 5, 8, 20, 60]
    package static let touchCounts = [20, 120]
    package static let iccs = [0, 0.1, 0.5, 0.9]

    /// Every latency scenario of the grid, in table order.
    package static var latencyGrid: [CalibrationScenario] {
        Shape.allCases.flatMap { shape in
            Effect.allCases.flatMap { effect in
                sessionCounts.flatMap { sessions in
                    touchCounts.flatMap { touches in
                        iccs.map { CalibrationScenario(shape: shape, sessions: sessions, touches: touches, icc: $0,
                                                       effect: effect) }
                    }
                }
            }
        }
    }

    /// B's multiplier of latency.
    var scaleB: Double { effect == .slower ? 1.25 : 1 }
}

/// A proportion scenario: each session's rate is expit(logit 0.85 + arm + u_s),
/// u_s ~ N(0, τ²) with τ² = ICC/(1 − ICC) · π²/3 (the latent-scale ICC);
/// B's arm is −0.5 under ``CalibrationScenario/Effect/slower``.
package struct RateScenario: Sendable, Hashable {
    package var sessions: Int
    package var touches: Int
    package var icc: Double
    package var effect: CalibrationScenario.Effect

    package static var grid: [RateScenario] {
        CalibrationScenario.Effect.allCases.flatMap { effect in
            CalibrationScenario.sessionCounts.flatMap { sessions in
                CalibrationScenario.touchCounts.flatMap { touches in
                    CalibrationScenario.iccs.map { RateScenario(sessions: sessions, touches: touches, icc: $0, effect: effect) }
                }
            }
        }
    }

    var spread: Double { icc == 0 ? 0 : (icc / (1 - icc) * Double.pi * Double.pi / 3).squareRoot() }
    var armB: Double { effect == .slower ? -0.5 : 0 }
    static let baseLogit = log(0.85 / 0.15)

    static func rate(_ logit: Double) -> Double { 1 / (1 + exp(-logit)) }
}
