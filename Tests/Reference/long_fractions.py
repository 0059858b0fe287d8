"""Bit patterns of the nearest doubles to decimal texts, for
JSONNumberTests.longFractionsParseToTheNearestDouble.

Python's float() is correctly rounded (ties to even). Swift float literals
are not a safe reference here: on x86_64 they round through Float80 first,
so 0.30000000000000001665 becomes 0.30000000000000004 (double rounding).

    python3 Tests/Reference/long_fractions.py
"""
import struct

TEXTS = [
    "113.42216416503388", "35.16087407412336", "160.5843666317701",
    "0.1000000000000000055511151231257827", "1234567890123456.7",
    "0.0000000000000000001", "0.9999999999999999999", "0.99999999999999994",
    "4503599627370497.5", "4503599627370498.5", "2251799813685248.25",
    "2251799813685248.75", "9007199254740993.0", "1844674407370955.1615",
    "0.30000000000000001665", "0.30000000000000001666",
]

for text in TEXTS:
    bits = struct.unpack("<Q", struct.pack("<d", float(text)))[0]
    hexits = f"{bits:016X}"
    grouped = "_".join(hexits[i:i + 4] for i in range(0, 16, 4))
    print(f'("{text}", 0x{grouped}),  // {float(text)!r}')
