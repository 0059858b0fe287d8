# Reference values for PercentileFunctionsTests.largeGroupsMatchNumpy: the
# SQL percentile aggregates over 100,000 values that arrive shuffled, the
# shape where the aggregates select ranks instead of sorting.
#
#   x_i = (i * 2654435761 mod 1000003) / 1000, i = 1 ... 100000
#
# Prints float(np.percentile(x, q)) (method "linear", SQLite's percentile)
# and float(np.percentile(x, q, method="lower")) (percentile_disc), repr'd.
import numpy as np

i = np.arange(1, 100_001, dtype=np.int64)
x = (i * 2654435761 % 1000003) / 1000.0
for q in [0, 1, 25, 50, 90, 95, 99, 99.9, 100]:
    print(q, repr(float(np.percentile(x, q))), repr(float(np.percentile(x, q, method="lower"))))
# Same values in 100 groups of 1,000 (g = i mod 100): the p95 of group 0 and group 57.
for g in [0, 57]:
    print("group", g, repr(float(np.percentile(x[i % 100 == g], 95))))
