import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Foundation's file errors in the words of the C library.
///
/// `FileHandle` reports a full disk as "The operation could not be completed
/// (NSCocoaErrorDomain Code=640)"; underneath is the `errno` that says it plainly.
///
///     FileErrorText.line(error, writing: "big.jsonl")   // "cannot write big.jsonl: No space left on device"
enum FileErrorText {
    /// The `errno` behind an error of Foundation's file APIs, when it has one.
    static func errorNumber(of error: Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        // Foundation's own codes for the cases whose errno it drops.
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteNoPermission: return EACCES
        default: return nil
        }
    }

    /// Whether the error is a write into a pipe whose reader has gone.
    static func isBrokenPipe(_ error: Error) -> Bool {
        errorNumber(of: error) == EPIPE
    }

    /// One line: what could not be written, and why.
    static func line(_ error: Error, writing name: String) -> String {
        guard let number = errorNumber(of: error) else {
            let error = error as NSError
            return error.domain == NSCocoaErrorDomain ? "cannot write \(name): \(error.localizedDescription)" : "\(error)"
        }
        return "cannot write \(name): \(String(cString: strerror(number)))"
    }
}
