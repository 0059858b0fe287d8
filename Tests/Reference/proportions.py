#!/usr/bin/env python3
# Usage: python3 Tests/Reference/proportions.py
# Reference values for the proportion statistics of `compare --metric reached|false-start`
# (Tests/GestureAnalysisTests/ProportionStatisticsTests.swift), from libraries that share no code
# with gesturelab: statsmodels (pip install statsmodels; 0.15.0 here) and scipy (1.17 here).
#   wilson    K N            LOW HIGH       statsmodels proportion_confint(K, N, method="wilson")
#   newcombe  KA NA KB NB    DIFF LOW HIGH  B − A: confint_proportions_2indep(KB, NB, KA, NA, method="newcomb")
#   fisher    A B C D        ODDS P         scipy.stats.fisher_exact([[A, B], [C, D]])
# Newcombe's method 10 is also computed here by hand from the Wilson bounds, and the script
# stops if statsmodels disagrees with it (so "newcomb" is the hybrid score interval, B − A).
import math
import numpy as np
import scipy.stats as st
from statsmodels.stats.proportion import proportion_confint, confint_proportions_2indep

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
          [1, 1, 1, 2], [3, 4, 4, 3], [500, 500, 520, 480], [2, 7, 8, 2], [0, 3, 1, 0], [6, 0, 0, 1]]
for a, b, c, d in FISHER:
    odds, p = st.fisher_exact([[a, b], [c, d]])
    print(f"fisher {a} {b} {c} {d} {float(odds)!r} {float(p)!r}")
