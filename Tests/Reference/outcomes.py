#!/usr/bin/env python3
# Usage: python3 Tests/Reference/outcomes.py CAPTURE.jsonl
# Prints one line per derived row, sorted:
#   outcome SESSION TOUCH TARGET DISTANCE_PT INSIDE_FRAME INSIDE_HIT_AREA REACHED
#   start SESSION TOUCH TARGET START_EVENT START_NS CANCEL_EVENT|- CANCEL_NS|- 
# then the rates per (experiment, variant): reached k/n over outcomes, false starts k/n over starts.
# Independent reference for docs/latencies.md's touch outcomes and false starts (no gesturelab code).
# Geometry in Python floats (binary64), as docs/latencies.md defines it.
import json, math, sys
from decimal import Decimal

sessions, touches, targets, events = {}, {}, {}, []
first_line = {}
for line_no, text in enumerate(open(sys.argv[1], encoding='utf-8'), 1):
    if not text.strip(): continue
    r = json.loads(text, parse_float=Decimal)
    ns = lambda: int((Decimal(r['t']) * 1_000_000_000).to_integral_value())
    f = lambda k: float(r[k])
    kind = r['type']
    if kind == 'session':
        sessions[r['session']] = (r['experiment'], r['variant'])
    elif kind == 'touch' and r['phase'] == 'began':
        touches[(r['session'], r['touch'])] = (ns(), f('x'), f('y'), r.get('hit'))
    elif kind == 'target':
        area = (f('hit_x'), f('hit_y'), f('hit_w'), f('hit_h')) if r.get('hit_x') is not None else None
        targets.setdefault((r['session'], r['target']), []).append((ns(), line_no, (f('x'), f('y'), f('w'), f('h')), area))
        first_line[(r['session'], r['target'])] = min(first_line.get((r['session'], r['target']), line_no), line_no)
    elif kind == 'delivery':
        events.append((r['session'], ns(), line_no, r['target'], r['event'], r.get('touch'), 'delivery'))
    elif kind == 'transition':
        events.append((r['session'], ns(), line_no, r['recognizer'], r['to'], r.get('touch'), 'transition'))

def inside(px, py, rect):
    x, y, w, h = rect
    return int(x <= px <= x + w and y <= py <= y + h)

rows = []
reached_rates = {}
for (s, k), (down, px, py, hit) in touches.items():
    best = None
    for (ts, name), records in targets.items():
        if ts != s: continue
        current = [rec for rec in records if rec[0] <= down]
        if not current: continue
        t, line, frame, area = max(current, key=lambda rec: (rec[0], rec[1]))
        x, y, w, h = frame
        dx = max(x - px, 0.0, px - (x + w))
        dy = max(y - py, 0.0, py - (y + h))
        squared = dx * dx + dy * dy
        candidate = (squared, first_line[(s, name)], name, frame, area or frame)
        if best is None or candidate[:2] < best[:2]: best = candidate
    if best is None: continue
    squared, _, name, frame, area = best
    in_area = inside(px, py, area)
    reached = int(hit == name) if hit is not None else in_area
    rows.append(f"outcome {s} {k} {name} {math.sqrt(squared)!r} {inside(px, py, frame)} {in_area} {reached}")
    rate = reached_rates.setdefault(sessions[s], [0, 0]); rate[0] += reached; rate[1] += 1

def owner(s, t, named):
    if named is not None:
        return named if (s, named) in touches else None
    best = None
    for (ss, k), (down, *_rest) in touches.items():
        if ss == s and down <= t and (best is None or (down, k) > best): best = (down, k)
    return best[1] if best else None

START = {('delivery', 'touchesBegan'), ('delivery', 'touchDown'), ('transition', 'began')}
END = {('delivery', 'touchesEnded'), ('delivery', 'touchUpInside'), ('delivery', 'touchUpOutside'),
       ('transition', 'ended'), ('transition', 'recognized')}
CANCEL = {('delivery', 'touchesCancelled'), ('delivery', 'touchCancel'), ('transition', 'cancelled'), ('transition', 'failed')}
pairs = {}
for s, t, line, target, event, named, kind in events:
    k = owner(s, t, named)
    if k is None: continue
    role = 'start' if (kind, event) in START else 'end' if (kind, event) in END else 'cancel' if (kind, event) in CANCEL else None
    if role: pairs.setdefault((s, k, target), []).append((role, t, event.encode(), line, event))
start_rates = {}
for (s, k, target), evs in pairs.items():
    starts = sorted((t, b, line, e) for role, t, b, line, e in evs if role == 'start')
    if not starts: continue
    ends = [t for role, t, *_ in evs if role == 'end']
    cancels = sorted((t, b, line, e) for role, t, b, line, e in evs if role == 'cancel')
    found = None
    for c in cancels:
        open_starts = [st for st in starts if st[0] <= c[0] and not any(st[0] <= e <= c[0] for e in ends)]
        if open_starts: found = (open_starts[0], c); break
    start, cancel = found if found else (starts[0], None)
    rows.append(f"start {s} {k} {target} {start[3]} {start[0]} {cancel[3] if cancel else '-'} {cancel[0] if cancel else '-'}")
    rate = start_rates.setdefault(sessions[s], [0, 0]); rate[0] += 1 if cancel else 0; rate[1] += 1
for row in sorted(rows): print(row)
for (experiment, variant), (k, n) in sorted(reached_rates.items()): print(f"reached {experiment} {variant} {k}/{n}")
for (experiment, variant), (k, n) in sorted(start_rates.items()): print(f"false-starts {experiment} {variant} {k}/{n}")
