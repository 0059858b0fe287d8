"""Reference values for Tests/GestureStorePostgreSQLTests/ServerPercentilePairsTests.swift.

SQLite 3.51's percentile(Y, P) is numpy's "linear" method at P (NULL and NaN
dropped), percentile_disc numpy's "lower". Windows are recomputed per frame.
Run: python3 Tests/Reference/percentile_pairs.py
"""
import numpy as np

plain = [1, 4, 6, 7, 8, 9, 11, 11, 11]

def lin(values, p):
    values = [v for v in values if v is not None and not np.isnan(v)]
    return float(np.percentile(values, p)) if values else None

def lower(values, p):
    values = [v for v in values if v is not None and not np.isnan(v)]
    return float(np.percentile(values, p, method="lower")) if values else None

print("plain p15", lin(plain, 15), "disc", lower(plain, 15))
print("nulls p50", lin([None, 2, None, 4], 50))
print("nan p50", lin([float("nan"), 1, 3], 50))
print("varyok (first fraction 0.5)", lin([1, 2, 3], 50))
print("filter v > 6", lin([v for v in plain if v > 6], 50))
print("sliding 2 rows", [lin(plain[max(0, k - 1):k + 1], 50) for k in range(len(plain))])
print("growing, filter v <> 8", [lin([v for v in plain[:k + 1] if v != 8], 50) for k in range(len(plain))])
print("disc growing nan", [lower([float("nan"), 1, 3][:k + 1], 50) for k in range(3)])
print("disc growing nulls", [lower([None, 2, None, 4][:k + 1], 50) for k in range(4)])
