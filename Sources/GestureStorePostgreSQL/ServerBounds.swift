#if PostgreSQL
import Foundation
import GestureStore
import GestureTrace
import NIOCore

/// How long gesturelab waits on a PostgreSQL server before it gives up, so
/// that no command waits for good on a server that went away.
///
/// - `connectSeconds` bounds opening the connection: TCP, TLS and login.
/// - `idleSeconds` bounds each wait for the server while a statement runs:
///   the wait ends when the connection has carried no byte in either
///   direction for that long. A slow statement whose rows keep arriving, or
///   a push whose rows the server keeps taking, never hits it; a statement
///   that sends its first row after a long sort must finish the sort within it.
/// - TCP keepalive probes an idle connection after `keepaliveSeconds`, so a
///   server host that vanished (no reset, no close) is found without waiting
///   for the idle bound.
///
/// Each comes from the environment, so a test or a slow link can change it:
///
///     GESTURELAB_PG_CONNECT_TIMEOUT=30 GESTURELAB_PG_IDLE_TIMEOUT=900 gesturelab push --to …
package struct ServerBounds: Sendable, Equatable {
    package var connectSeconds: Double = 10
    package var idleSeconds: Double = 300
    package var keepaliveSeconds: Int = 15

    package static let connectVariable = "GESTURELAB_PG_CONNECT_TIMEOUT"
    package static let idleVariable = "GESTURELAB_PG_IDLE_TIMEOUT"

    package init() {}

    /// The bounds, each from its variable when set.
    ///
    /// - Throws: `StoreError` naming the variable when its value is not a
    ///   number of seconds above 0.
    package init(environment: [String: String]) throws {
        connectSeconds = try Self.seconds(environment, Self.connectVariable) ?? connectSeconds
        idleSeconds = try Self.seconds(environment, Self.idleVariable) ?? idleSeconds
        keepaliveSeconds = max(1, min(keepaliveSeconds, Int(idleSeconds.rounded(.up))))
    }

    private static func seconds(_ environment: [String: String], _ name: String) throws -> Double? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw StoreError("\(name)=\(TerminalText.escaped(String(text.prefix(40)))) is not a number of seconds "
                + "(above 0, at most 86400)")
        }
        return value
    }

    var connectTimeout: TimeAmount { .nanoseconds(Int64(connectSeconds * 1e9)) }

    /// `seconds` as the message says it: `10 s`, `0.5 s`.
    static func spoken(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
#endif
