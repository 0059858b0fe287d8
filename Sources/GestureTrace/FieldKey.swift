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
    case session, experiment, variant, config, device, startedAt
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

    /// Identifies a key from its (unescaped) bytes.
    ///
    /// The key's bytes are read as one little-endian word (two for the
    /// ten-byte names) and compared with each name of its length as a
    /// number: one or two loads and a few integer compares a member, where
    /// comparing bytes with each candidate name in turn had been 2 % of the
    /// reading thread. `FieldKeyTests` holds every constant to its `name`.
    static func identify(_ key: UnsafePointer<UInt8>, count: Int) -> FieldKey? {
        guard count >= 1, count <= 10, count != 9 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: key, count: count)
        let word = count >= 8
            ? UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) : ByteHash.tail(bytes, from: 0)
        switch count {
        case 1:
            switch word {
            case 0x74: return .t
            case 0x78: return .x
            case 0x79: return .y
            case 0x77: return .w
            case 0x68: return .h
            default: return nil
            }
        case 2:
            return word == 0x6F74 ? .to : nil
        case 3:
            switch word {
            case 0x61_6976: return .via
            case 0x74_6968: return .hit
            default: return nil
            }
        case 4:
            switch word {
            case 0x6570_7974: return .type
            case 0x646E_696B: return .kind
            case 0x6D6F_7266: return .from
            default: return nil
            }
        case 5:
            switch word {
            case 0x68_6375_6F74: return .touch
            case 0x65_7361_6870: return .phase
            case 0x74_6E65_7665: return .event
            case 0x65_6372_6F66: return .force
            case 0x73_7361_6C63: return .recognizerClass
            case 0x74_6E75_6F63: return .count
            case 0x73_646E_696B: return .kinds
            case 0x78_5F74_6968: return .hitX
            case 0x79_5F74_6968: return .hitY
            case 0x77_5F74_6968: return .hitW
            case 0x68_5F74_6968: return .hitH
            default: return nil
            }
        case 6:
            switch word {
            case 0x7465_6772_6174: return .target
            case 0x7375_6964_6172: return .radius
            case 0x7461_6D72_6F66: return .format
            case 0x6769_666E_6F63: return .config
            case 0x6563_6976_6564: return .device
            default: return nil
            }
        case 7:
            switch word {
            case 0x6E_6F69_7373_6573: return .session
            case 0x74_6E61_6972_6176: return .variant
            case 0x6E_6F69_7372_6576: return .version
            default: return nil
            }
        case 8:
            return word == 0x7265_6472_6F63_6572 ? .recorder : nil
        default:  // 10
            switch (word, ByteHash.tail(bytes, from: 8)) {
            case (0x7A69_6E67_6F63_6572, 0x7265): return .recognizer
            case (0x656D_6972_6570_7865, 0x746E): return .experiment
            case (0x5F64_6574_7261_7473, 0x7461): return .startedAt
            default: return nil
            }
        }
    }

    /// Whether `bytes` (at least as long as `literal`) start with `literal`.
    @inline(__always)
    static func matches(_ bytes: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        memcmp(bytes, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }
}
