import Testing
@testable import GestureStore

/// The filter that lets surely-new derived keys skip the upsert: it may
/// call a new key stored, never a stored key new.
@Suite struct StoredKeyFilterTests {
    @Test func aKeyIsNewOnceThenMaybeStored() {
        var filter = StoredKeyFilter()
        #expect(filter.insert("pan began") == false)
        #expect(filter.insert("pan began") == true)
        #expect(filter.insert("tap recognized") == false)
    }

    /// 20,000 keys: every repeat is caught. Two bits a key in 2²³ bits
    /// leave (1 − e^(−2·20000/2²³))² ≈ 2.3e-5 of new keys taken for stored,
    /// about 0.5 of 20,000 expected; more than 10 would mean broken probes.
    @Test func everyRepeatIsCaughtAndNewKeysAreSeldomMistaken() {
        var filter = StoredKeyFilter()
        var mistaken = 0
        for key in 0..<20_000 where filter.insert(key) { mistaken += 1 }
        #expect(mistaken <= 10)
        #expect((0..<20_000).allSatisfy { filter.insert($0) })
    }

    /// Too small for its keys, the filter errs only towards "maybe stored":
    /// more upserts, the same rows.
    @Test func aSaturatedFilterCallsEveryKeyMaybeStored() {
        var filter = StoredKeyFilter(bits: 64)
        for key in 0..<1_000 { _ = filter.insert(key) }
        #expect((0..<1_000).allSatisfy { filter.insert($0) })
        #expect((1_000..<1_100).allSatisfy { filter.insert($0) })
    }
}
