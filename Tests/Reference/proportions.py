#!/usr/bin/env python3
# Usage: python3 Tests/Reference/proportions.py                  # the statistics' reference table
#        python3 Tests/Reference/proportions.py --fixture        # writes Tests/Fixtures/rates.jsonl
#        python3 Tests/Reference/proportions.py --capture FILE   # compare's numbers for that capture
# Reference values for the proportion statistics of `compare --metric reached|false-start`
# (Tests/GestureAnalysisTests/ProportionStatisticsTests.swift), from libraries that share no code
# with gesturelab: statsmodels (pip install statsmodels; 0.15.0 here) and scipy (1.17 here).
#   wilson    K N            LOW HIGH       statsmodels proportion_confint(K, N, method="wilson")
#   newcombe  KA NA KB NB    DIFF LOW HIGH  B − A: confint_proportions_2indep(KB, NB, KA, NA, method="newcomb")
#   fisher    A B C D        ODDS P         scipy.stats.fisher_exact([[A, B], [C, D]])
# Newcombe's method 10 is also computed here by hand from the Wilson bounds, and the script
# stops if statsmodels disagrees with it (so "newcomb" is the hybrid score interval, B − A).
import itertools, math, os, random, subprocess, sys
import numpy as np
import scipy.stats as st
from statsmodels.stats.proportion import proportion_confint, confint_proportions_2indep

HERE = os.path.dirname(os.path.abspath(__file__))


def write_fixture(path):
    """A capture of 8 sessions split by the config key hit_area (4 frame, 4 enlarged): one 44-pt button whose
    hit area the enlarged sessions grow by 10 pt a side; touch-downs scattered around it; each touch starts the
    button (touchDown) and ends (touchUpInside) or is cancelled (touchCancel): a false start."""
    rng = random.Random(23)
    lines = ['{"type":"header","format":"gesture-trace","version":1,"recorder":"proportions.py"}']
    for variant, sessions, cancel_chance in (("frame", 4, 0.3), ("enlarged", 4, 0.08)):
        for number in range(1, sessions + 1):
            s = f"{variant[0]}{number}"
            lines.append(f'{{"type":"session","session":"{s}","experiment":"buttons","variant":"{variant}",'
                         f'"config":{{"hit_area":"{variant}"}},"device":{{"screen_w":390,"screen_h":844}}}}')
            area = ',"hit_x":90,"hit_y":90,"hit_w":64,"hit_h":64' if variant == "enlarged" else ""
            lines.append(f'{{"type":"target","session":"{s}","target":"btn","t":0.5,"x":100,"y":100,"w":44,"h":44{area}}}')
            for touch in range(1, rng.randint(12, 24) + 1):
                x = rng.randint(80, 164)
                lines.append(f'{{"type":"touch","session":"{s}","touch":{touch},"phase":"began","t":{touch},"x":{x},"y":122}}')
                lines.append(f'{{"type":"delivery","session":"{s}","target":"btn","event":"touchDown",'
                             f'"via":"control-event","t":{touch}.01,"touch":{touch}}}')
                end = "touchCancel" if rng.random() < cancel_chance else "touchUpInside"
                lines.append(f'{{"type":"delivery","session":"{s}","target":"btn","event":"{end}",'
                             f'"via":"control-event","t":{touch}.1,"touch":{touch}}}')
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def compare_capture(path):
    """Per-session counts from Tests/Reference/outcomes.py (no gesturelab code), then each group's numbers as
    compare reports them, for --metric reached and false-start, A = frame, B = enlarged."""
    rows = subprocess.run([sys.executable, os.path.join(HERE, "outcomes.py"), path], check=True,
                          capture_output=True, text=True).stdout.split("\n")
    counts = {"reached": {}, "false-start": {}}
    for row in rows:
        fields = row.split()
        if fields and fields[0] == "outcome":
            k, n = counts["reached"].get(fields[1], (0, 0))
            counts["reached"][fields[1]] = (k + int(fields[7]), n + 1)
        elif fields and fields[0] == "start":
            k, n = counts["false-start"].get(fields[1], (0, 0))
            counts["false-start"][fields[1]] = (k + (fields[6] != "-"), n + 1)
    for metric, by_session in counts.items():
        groups = [[by_session[s] for s in sorted(by_session) if s.startswith(prefix)] for prefix in ("f", "e")]
        (ka, na), (kb, nb) = [(sum(k for k, _ in g), sum(n for _, n in g)) for g in groups]
        print(f"{metric}: per session A {groups[0]} B {groups[1]}")
        for label, k, n in (("A", ka, na), ("B", kb, nb)):
            low, high = proportion_confint(k, n, method="wilson")
            print(f"  {label} k {k} n {n} rate {k / n!r} wilson {low!r} {high!r}")
        low, high = confint_proportions_2indep(kb, nb, ka, na, method="newcomb", compare="diff")
        print(f"  newcombe B-A {kb / nb - ka / na!r} {float(low)!r} {float(high)!r}")
        odds, p = st.fisher_exact([[ka, na - ka], [kb, nb - kb]])
        print(f"  fisher odds {float(odds)!r} p {float(p)!r}")
        rates = [[k / n for k, n in g] for g in groups]
        test = st.mannwhitneyu(rates[0], rates[1], method="auto")
        print(f"  session rates A {rates[0]} B {rates[1]}")
        print(f"  mannwhitneyu(rates) U {float(test.statistic)!r} p {float(test.pvalue)!r}")
        # The session-level interval: every one of the k^k ordered draws of a group's k sessions (the exact
        # sessions-only bootstrap), the variance of the pooled rate over them times k/(k-1), then
        # estimate -/+ t.ppf(0.975, Welch-Satterthwaite df on k - 1 a group) * sqrt(vA + vB).
        variances = []
        for g in groups:
            kk = len(g)
            reps = []
            for draw in itertools.product(range(kk), repeat=kk):
                reps.append(sum(g[i][0] for i in draw) / sum(g[i][1] for i in draw))
            variances.append(float(np.var(reps)) * kk / (kk - 1))
        va, vb = variances
        nu = (va + vb) ** 2 / (va ** 2 / (len(groups[0]) - 1) + vb ** 2 / (len(groups[1]) - 1))
        half = st.t.ppf(0.975, nu) * np.sqrt(va + vb)
        estimate = kb / nb - ka / na
        print(f"  sessions-bootstrap-se-t B-A (exact bootstrap) {estimate - half!r} {estimate + half!r} df {nu!r}")


if len(sys.argv) > 1 and sys.argv[1] == "--fixture":
    write_fixture(os.path.join(HERE, "..", "Fixtures", "rates.jsonl"))
    sys.exit(0)
if len(sys.argv) > 2 and sys.argv[1] == "--capture":
    compare_capture(sys.argv[2])
    sys.exit(0)

WILSON = [(0, 10), (10, 10), (1, 1), (0, 1), (3, 7), (48, 50), (40, 50), (1, 2), (0, 200), (997, 1000), (5, 12)]
for k, n in WILSON:
    low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
    print(f"wilson {k} {n} {low!r} {high!r}")

NEWCOMBE = [(40, 50, 48, 50), (0, 10, 10, 10), (10, 10, 0, 10), (0, 10, 0, 12), (5, 5, 5, 5), (3, 7, 9, 11),
            (1, 2, 0, 3), (120, 400, 45, 380), (0, 1, 1, 1), (30, 33, 12, 15)]
for ka, na, kb, nb in NEWCOMBE:
    low, high = confint_proportions_2indep(kb, nb, ka, na, method="newcomb", compare="diff")
    pa, pb = ka / na, kb / nb
    la, ua = proportion_confint(ka, na, method="wilson")
    lb, ub = proportion_confint(kb, nb, method="wilson")
    by_hand = (pb - pa - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2), pb - pa + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2))
    assert abs(by_hand[0] - low) < 1e-12 and abs(by_hand[1] - high) < 1e-12, (ka, na, kb, nb, by_hand, low, high)
    print(f"newcombe {ka} {na} {kb} {nb} {pb - pa!r} {float(low)!r} {float(high)!r}")

FISHER = [[8, 2, 1, 5], [40, 10, 48, 2], [0, 10, 10, 0], [10, 0, 0, 10], [0, 5, 0, 7], [3, 0, 5, 0], [0, 0, 3, 4],
          [2, 3, 3, 2], [5, 5, 5, 5], [1, 9, 11, 3], [0, 10, 3, 7], [7, 0, 4, 3], [120, 280, 45, 335],
          [1, 1, 1, 2], [3, 4, 4, 3], [500, 500, 520, 480], [2, 7, 8, 2], [0, 3, 1, 0], [6, 0, 0, 1],
          # two modes, the observed table at the lower one; mirror-image tables of equal groups; large n
          [0, 1, 5, 4], [7, 6, 4, 2], [50, 50, 50, 50], [30, 70, 70, 30], [31, 69, 70, 30], [400, 600, 620, 380]]
for a, b, c, d in FISHER:
    odds, p = st.fisher_exact([[a, b], [c, d]])
    print(f"fisher {a} {b} {c} {d} {float(odds)!r} {float(p)!r}")
