#!/usr/bin/env python3
# Usage: python3 Tests/Reference/derived_latencies.py CAPTURE.jsonl
# Prints: responses, their latency_ns sum, recognitions, sum, dispatches, sum, orphan deliveries.
# Independent reference for docs/latencies.md on one capture (no gesturelab code).
import json, sys
from decimal import Decimal
sessions, touches, deliveries, transitions = {}, {}, [], []
for line_no, text in enumerate(open(sys.argv[1], encoding='utf-8'), 1):
    if not text.strip(): continue
    r = json.loads(text, parse_float=Decimal)
    ns = lambda: int((Decimal(r['t']) * 1_000_000_000).to_integral_value())
    if r['type'] == 'touch' and r['phase'] == 'began':
        touches[(r['session'], r['touch'])] = ns()
    elif r['type'] == 'delivery':
        deliveries.append((r['session'], ns(), line_no, r['target'], r['event'], r['via'], r.get('touch')))
    elif r['type'] == 'transition':
        transitions.append((r['session'], ns(), line_no, r['recognizer'], r['to'], r.get('touch')))
def owner(session, t, named):
    if named is not None:
        return named if (session, named) in touches else None
    best = None
    for (s, k), down in touches.items():
        if s == session and down <= t and (best is None or (down, k) > best[0]): best = ((down, k), k)
    return best[1] if best else None
responses = {}
for s, t, line, target, event, via, named in deliveries:
    k = owner(s, t, named)
    if k is None: continue
    key = (s, k, target, event, via)
    responses[key] = min(responses.get(key, t), t)
response_ns = [t - touches[(key[0], key[1])] for key, t in responses.items()]
recognitions = {}
for s, t, line, recognizer, to, named in transitions:
    if to not in ('began', 'recognized'): continue
    k = owner(s, t, named)
    if k is None: continue
    key = (s, k, recognizer)
    recognitions[key] = min(recognitions.get(key, t), t)
recognition_ns = [t - touches[(key[0], key[1])] for key, t in recognitions.items()]
dispatch_ns = []
for s, t, line, target, event, via, named in deliveries:
    earlier = [tt for (ss, tt, _, rec, to, _) in transitions if ss == s and rec == target and to == event and tt <= t]
    if earlier: dispatch_ns.append(t - max(earlier))
orphans = sum(1 for s, t, line, *_ , named in deliveries if owner(s, t, named) is None)
print(len(response_ns), sum(response_ns), len(recognition_ns), sum(recognition_ns), len(dispatch_ns), sum(dispatch_ns), orphans)
