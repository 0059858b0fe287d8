#!/usr/bin/env python3
# Usage: python3 Tests/Reference/png_colors.py IMAGE.png RRGGBB[:TOLERANCE]...
# Prints, for each colour, how many pixels lie within TOLERANCE (per channel,
# default 8) of it: one line "RRGGBB COUNT" per colour, in the order given.
# A plain PNG decoder (8-bit RGB or RGBA, not interlaced), so the report's
# browser test needs no imaging library; it checks that headless Chromium drew
# the marks the report's SVG asks for, in their colours.
import struct, sys, zlib

def pixels(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, header = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR': header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT': idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, 'only 8-bit RGB(A), not interlaced'
    step = 3 if colour == 2 else 4
    raw, stride, previous, rows = zlib.decompress(idat), width * step, bytearray(width * step), []
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    for line in rows:
        for x in range(width):
            yield tuple(line[x * step:x * step + 3])

wanted = []
for spec in sys.argv[2:]:
    colour, _, tolerance = spec.partition(':')
    wanted.append((colour, tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4)), int(tolerance or 8)))
counts = [0] * len(wanted)
for pixel in pixels(sys.argv[1]):
    for index, (_, rgb, tolerance) in enumerate(wanted):
        if all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb)): counts[index] += 1
for (colour, _, _), count in zip(wanted, counts): print(colour, count)
