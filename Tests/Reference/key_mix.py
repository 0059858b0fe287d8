"""Reference values of KeyMix (Sources/GestureStore/Import/DerivedLatency.swift)
for MixedHashableTests: the same folding, written independently in Python's
unbounded integers reduced modulo 2**64.

Run: python3 Tests/Reference/key_mix.py
"""
M = (1 << 64) - 1


def key_mix(*words):
    h = 0x243F6A8885A308D3
    for w in words:
        h = ((h ^ (w & M)) * 0x9E3779B97F4A7C15) & M
        h ^= h >> 29
    mixed = (h * 0xBF58476D1CE4E5B9) & M
    return mixed ^ (mixed >> 32)


for words in [(0, 0), (1, 2), (M, 0x0123456789ABCDEF), (7, 8, 9), ((-5) & M, 42, 0xDEADBEEF)]:
    print(", ".join(hex(w) for w in words), "->", hex(key_mix(*words)))
