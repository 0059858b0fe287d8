// libFuzzer entry point for the capture reader. Built by scripts/fuzz-reader.sh
// together with Sources/GestureTrace and Tests/GestureTraceTests/ReaderInvariants.swift
// into one module; see Fuzz/README.md.

/// One temporary file, reused for every input.
nonisolated(unsafe) let fuzzInput = InputFile()

/// Reads `data` as a capture every way `ReaderInvariants` knows and stops the
/// fuzzer, with the broken invariants, when any does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
    let problems = ReaderInvariants.violations(of: bytes, in: fuzzInput)
    if !problems.isEmpty {
        fatalError("reader invariant broken:\n" + problems.joined(separator: "\n"))
    }
    return 0
}
