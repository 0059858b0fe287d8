import Testing
@testable import GestureStore

struct MixedHashableTests {
    /// A key whose every value has the same hash: the table must still tell
    /// them apart by equality.
    private struct CollidingKey: MixedHashable {
        var value: Int
        var mixedHash: UInt64 { 42 }
    }

    /// `KeyMix` folds words as Tests/Reference/key_mix.py does.
    @Test(arguments: [
        ([0, 0], 0xE73E_EBA0_6926_67DF),
        ([1, 2], 0x50B7_CF08_995D_B0BD),
        ([.max, 0x0123_4567_89AB_CDEF], 0xC761_899A_46BA_52D3),
        ([7, 8, 9], 0x7F1E_C7AD_2A5A_D99E),
        ([UInt64(bitPattern: -5), 42, 0xDEAD_BEEF], 0x9CB5_2344_C532_697A),
    ] as [([UInt64], UInt64)])
    func keyMixFoldsAsTheReference(_ words: [UInt64], _ expected: UInt64) {
        var mix = KeyMix()
        for word in words { mix.add(word) }
        #expect(mix.value == expected)
        if words.count == 2 { #expect(KeyMix.of(words[0], words[1]) == expected) }
        if words.count == 3 { #expect(KeyMix.of(words[0], words[1], words[2]) == expected) }
    }

    /// Dictionaries and sets hash these keys by the mix of their table's
    /// seed and the key's own hash, never by `Hasher`.
    @Test func tablesHashByTheMix() {
        let key = RecognitionKey(session: 3, touch: -7, recognizer: ExactText("pan"))
        #expect(key._rawHashValue(seed: 0) == Int(truncatingIfNeeded: KeyMix.of(0, key.filterHash)))
        #expect(key._rawHashValue(seed: 99) == Int(truncatingIfNeeded: KeyMix.of(99, key.filterHash)))
        #expect(key._rawHashValue(seed: 0) != key._rawHashValue(seed: 1))
    }

    /// Equal hashes do not make keys equal: every colliding key keeps its
    /// own entry, found, updated and removed by equality.
    @Test func collidingKeysStayApart() {
        var table: [CollidingKey: Int] = [:]
        for value in 0..<100 { table[CollidingKey(value: value)] = value * 10 }
        #expect(table.count == 100)
        for value in 0..<100 { #expect(table[CollidingKey(value: value)] == value * 10) }
        #expect(table[CollidingKey(value: 100)] == nil)
        table[CollidingKey(value: 50)] = nil
        #expect(table.count == 99)
        #expect(table[CollidingKey(value: 50)] == nil)
        #expect(table[CollidingKey(value: 51)] == 510)
    }

    /// Keys made of equal texts built apart are one key; keys differing in
    /// any field are different keys.
    @Test func responseKeysAreEqualByEveryField() {
        let built = String(["touch", "Down"].joined())
        let key = ResponseKey(session: 1, touch: 2, target: ExactText("btn"), event: ExactText(built),
                              via: ExactText("control-event"))
        var table: [ResponseKey: Int] = [key: 1]
        table[ResponseKey(session: 1, touch: 2, target: ExactText("btn"), event: ExactText("touchDown"),
                          via: ExactText("control-event"))] = 2
        #expect(table.count == 1 && table[key] == 2)
        let others = [
            ResponseKey(session: 2, touch: 2, target: key.target, event: key.event, via: key.via),
            ResponseKey(session: 1, touch: 3, target: key.target, event: key.event, via: key.via),
            ResponseKey(session: 1, touch: 2, target: ExactText("btn2"), event: key.event, via: key.via),
            ResponseKey(session: 1, touch: 2, target: key.target, event: ExactText("touchUp"), via: key.via),
            ResponseKey(session: 1, touch: 2, target: key.target, event: key.event, via: ExactText("touches")),
        ]
        for (index, other) in others.enumerated() { table[other] = 10 + index }
        #expect(table.count == 6)
        #expect(table[key] == 2)
    }
}
