#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The top-level keys that some record type knows; any other key is ignored.
enum FieldKey: Int, CaseIterable {
    case type, format, version, recorder
    case session, experiment, variant, config, device, app, startedAt
    case touch, phase, t, x, y, radius, force, kind
    case recognizer, to, from, recognizerClass
    case target, event, via
    case count, kinds
    case w, h, hitX, hitY, hitW, hitH, hit

    /// The key as captures spell it.
    var name: String {
        // Literals, not "\(self)": reflection would cost more than decoding a line.
        switch self {
        case .type: "type"
        case .format: "format"
        case .version: "version"
        case .recorder: "recorder"
        case .session: "session"
        case .experiment: "experiment"
        case .variant: "variant"
        case .config: "config"
        case .device: "device"
        case .app: "app"
        case .startedAt: "started_at"
        case .touch: "touch"
        case .phase: "phase"
        case .t: "t"
        case .x: "x"
        case .y: "y"
        case .radius: "radius"
        case .force: "force"
        case .kind: "kind"
        case .recognizer: "recognizer"
        case .to: "to"
        case .from: "from"
        case .recognizerClass: "class"
        case .target: "target"
        case .event: "event"
        case .via: "via"
        case .count: "count"
        case .kinds: "kinds"
        case .w: "w"
        case .h: "h"
        case .hitX: "hit_x"
        case .hitY: "hit_y"
        case .hitW: "hit_w"
        case .hitH: "hit_h"
        case .hit: "hit"
        }
    }

    /// Identifies a key from its (unescaped) bytes; a switch on the length
    /// first keeps this to one or two byte comparisons per member.
    static func identify(_ key: UnsafePointer<UInt8>, count: Int) -> FieldKey? {
        switch count {
        case 1:
            switch key[0] {
            case UInt8(ascii: "t"): return .t
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            case UInt8(ascii: "w"): return .w
            case UInt8(ascii: "h"): return .h
            default: return nil
            }
        case 2:
            return matches(key, "to") ? .to : nil
        case 3:
            if matches(key, "via") { return .via }
            if matches(key, "hit") { return .hit }
            if matches(key, "app") { return .app }
            return nil
        case 4:
            if matches(key, "type") { return .type }
            if matches(key, "kind") { return .kind }
            if matches(key, "from") { return .from }
            return nil
        case 5:
            if matches(key, "touch") { return .touch }
            if matches(key, "phase") { return .phase }
            if matches(key, "event") { return .event }
            if matches(key, "force") { return .force }
            if matches(key, "class") { return .recognizerClass }
            if matches(key, "count") { return .count }
            if matches(key, "kinds") { return .kinds }
            if matches(key, "hit_x") { return .hitX }
            if matches(key, "hit_y") { return .hitY }
            if matches(key, "hit_w") { return .hitW }
            if matches(key, "hit_h") { return .hitH }
            return nil
        case 6:
            if matches(key, "target") { return .target }
            if matches(key, "radius") { return .radius }
            if matches(key, "format") { return .format }
            if matches(key, "config") { return .config }
            if matches(key, "device") { return .device }
            return nil
        case 7:
            if matches(key, "session") { return .session }
            if matches(key, "variant") { return .variant }
            if matches(key, "version") { return .version }
            return nil
        case 8:
            return matches(key, "recorder") ? .recorder : nil
        case 10:
            if matches(key, "recognizer") { return .recognizer }
            if matches(key, "experiment") { return .experiment }
            if matches(key, "started_at") { return .startedAt }
            return nil
        default:
            return nil
        }
    }

    /// Whether `bytes` (at least as long as `literal`) start with `literal`.
    @inline(__always)
    static func matches(_ bytes: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        memcmp(bytes, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }
}
