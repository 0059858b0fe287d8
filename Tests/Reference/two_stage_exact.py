#!/usr/bin/env python3
# Exact distributions for the two-stage bootstrap and binomial tests
# (Tests/GestureAnalysisTests/TwoStageSamplerTests.swift); no gesturelab code.
#
# Usage:
#   python3 Tests/Reference/two_stage_exact.py pooled     # the exact law of a pooled percentile
#   python3 Tests/Reference/two_stage_exact.py binomial   # scipy.stats.binom cell probabilities
#
# pooled: for the tiny group below, every session draw (k draws of k
# sessions with replacement, multinomial) and every way the drawn sessions'
# values can be drawn (each session drawn c times contributes c*m draws,
# uniform over its m values: a multinomial count of each value) is
# enumerated with its exact probability (fractions), and the pooled
# resample's percentile (numpy's linear interpolation) is taken from the
# counts. Prints (value, probability) pairs, merged by value.
#
# binomial: for each (n, p), the probabilities of the cells the Swift test
# bins draws into (cut points chosen around the mean), from scipy.stats.binom.
import sys
from fractions import Fraction
from itertools import product
from math import factorial
from collections import defaultdict

GROUP = [[1.0, 3.0, 3.0, 8.0], [2.0, 5.0], [4.0, 6.0, 7.0]]
PERCENTS = [50, 90]


def compositions(n, parts):
    """Every vector of `parts` non-negative integers summing to n."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in compositions(n - first, parts - 1):
            yield (first,) + rest


def multinomial(counts):
    n = sum(counts)
    value = factorial(n)
    for c in counts:
        value //= factorial(c)
    return value


def percentile(sorted_values, percent):
    h = percent / 100 * (len(sorted_values) - 1)
    lower = int(h)
    upper = min(lower + 1, len(sorted_values) - 1)
    return sorted_values[lower] + (sorted_values[upper] - sorted_values[lower]) * (h - lower)


def pooled_law(group, percents):
    k = len(group)
    laws = [defaultdict(Fraction) for _ in percents]
    for session_counts in compositions(k, k):
        p_sessions = Fraction(multinomial(session_counts), k ** k)
        per_session = []
        for c, values in zip(session_counts, group):
            n, m = c * len(values), len(values)
            if n == 0:
                per_session.append([((), Fraction(1))])
                continue
            per_session.append([(counts, Fraction(multinomial(counts), m ** n))
                                for counts in compositions(n, m)])
        for combination in product(*per_session):
            probability = p_sessions
            pool = []
            for (counts, p), values in zip(combination, group):
                probability *= p
                for count, value in zip(counts, values):
                    pool += [value] * count
            pool.sort()
            for law, percent in zip(laws, percents):
                law[round(percentile(pool, percent), 9)] += probability
    return laws


def binomial_cells():
    from scipy import stats
    cases = [(20, 0.3), (29, 0.5), (1000, 0.02), (1000, 0.5), (1000, 0.97), (250, 0.999),
             (100_000, 0.37), (10_000_000, 1e-5), (2_000_000_000, 0.25), (1_000_000_000, 1 - 1e-8)]
    for n, p in cases:
        mean, sd = n * p, (n * p * (1 - p)) ** 0.5
        cuts = sorted({int(mean + z * sd) for z in (-2.5, -1.5, -0.75, -0.25, 0.25, 0.75, 1.5, 2.5)})
        cuts = [c for c in cuts if 0 <= c < n]
        # Cells: <= cuts[0], (cuts[0], cuts[1]], ..., > cuts[-1].
        cdf = [float(stats.binom.cdf(c, n, p)) for c in cuts]
        cells = [cdf[0]] + [b - a for a, b in zip(cdf, cdf[1:])] + [1 - cdf[-1]]
        print(f"({n}, {p!r}, {cuts}, {[float(f'{x:.12g}') for x in cells]}),")


if __name__ == "__main__":
    if sys.argv[1:] == ["pooled"]:
        for percent, law in zip(PERCENTS, pooled_law(GROUP, PERCENTS)):
            total = sum(law.values())
            assert total == 1, total
            pairs = ", ".join(f"({v!r}, {float(p):.15g})" for v, p in sorted(law.items()))
            print(f"p{percent}: [{pairs}]")
    elif sys.argv[1:] == ["binomial"]:
        binomial_cells()
    else:
        print(__doc__ or "usage: two_stage_exact.py pooled|binomial")
