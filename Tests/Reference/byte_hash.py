"""Reference values of ByteHash (Sources/GestureTrace/ByteHash.swift) for
ByteHashTests: the same multiply-and-fold over little-endian words, written
independently with Python integers reduced modulo 2**64.

Run: python3 Tests/Reference/byte_hash.py
"""
M = (1 << 64) - 1
K = 0x9E3779B97F4A7C15


def byte_hash(data: bytes) -> int:
    h = (len(data) * K) & M
    for start in range(0, len(data), 8):
        word = int.from_bytes(data[start:start + 8], "little")
        h = ((h ^ word) * K) & M
        h ^= h >> 32
    h ^= h >> 29
    h = (h * 0xBF58476D1CE4E5B9) & M
    return h ^ (h >> 32)


for name in ["", "a", "via", "began", "direct", "touchesBegan", "control-event", "録音ボタン"]:
    print(f'("{name}", 0x{byte_hash(name.encode()):016X}),')
