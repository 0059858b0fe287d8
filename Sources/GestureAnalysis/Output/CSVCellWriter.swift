import Foundation
import GestureStore

/// Writes cells handed over by any engine (`CellSink`) as RFC 4180 CSV, the
/// same text as `CSVStatementWriter` writes from SQLite: the reading thread
/// copies each row's cells into a batch (`CSVCellBatch`), and a second
/// thread formats full batches, so on two cores formatting overlaps the
/// engine's decoding. Memory stays flat: three batches circulate.
///
///     let writer = CSVCellWriter(output: output)
///     try reader.forEachRow(sql: sql, arguments: [], columns: { try writer.begin(columns: $0) }, cells: writer)
///     let rows = try writer.finish()
final class CSVCellWriter: CellSink {
    private let output: TextOutput
    private var handoff: CSVBatchHandoff?
    /// The batch being filled, owned here between the handoff's turns.
    private var batch: CSVCellBatch?
    /// The same batch, called without a retain and a release per cell:
    /// `batch` keeps it alive.
    private var filling: Unmanaged<CSVCellBatch>?
    private var writerThread: Thread?
    private(set) var rows = 0

    init(output: TextOutput) {
        self.output = output
    }

    /// Writes the header and starts the writing thread.
    func begin(columns: [String]) throws {
        try output.write(columns.map(CSVField.encode).joined(separator: ",") + "\r\n")
        let handoff = CSVBatchHandoff(batches: (0..<3).map { _ in CSVCellBatch(columnCount: columns.count) },
                                      output: output)
        let thread = Thread { handoff.writeAll() }
        thread.name = "gesturelab CSV writer"
        thread.start()
        self.handoff = handoff
        writerThread = thread
        batch = handoff.emptyBatch()
        filling = batch.map(Unmanaged.passUnretained)
    }

    func integer(_ value: Int64) { filling!._withUnsafeGuaranteedRef { $0.appendInteger(value) } }
    func real(_ value: Double) { filling!._withUnsafeGuaranteedRef { $0.appendReal(value) } }
    func text(_ bytes: UnsafeRawBufferPointer) { filling!._withUnsafeGuaranteedRef { $0.appendText(bytes) } }
    func blob(_ bytes: UnsafeRawBufferPointer) { filling!._withUnsafeGuaranteedRef { $0.appendBlob(bytes) } }
    func null() { filling!._withUnsafeGuaranteedRef { $0.appendNull() } }

    func endRow() throws {
        guard let current = batch, let handoff else { return }
        current.endRow()
        rows += 1
        guard current.isFull else { return }
        // A failed write ends the export: the error comes from `finish`.
        guard handoff.send(current) else { throw CSVWriteStopped() }
        batch = handoff.emptyBatch()
        filling = batch.map(Unmanaged.passUnretained)
    }

    /// Writes what is left and waits for the writing thread; throws the
    /// error that stopped it, if any. Returns the rows written.
    @discardableResult
    func finish() throws -> Int {
        guard let handoff else { return rows }
        self.handoff = nil
        if let writeError = handoff.finish(sending: batch) { throw writeError }
        return rows
    }

    /// Stops the writing thread after a failure of the reading side.
    func abandon() {
        guard let handoff else { return }
        self.handoff = nil
        _ = handoff.finish(sending: nil)
    }
}

/// Thrown into the engine's loop to stop it once a write has failed; the
/// write's own error is what `finish` reports.
struct CSVWriteStopped: Error {}
