#!/usr/bin/env python3
# Independent references for the session-level interval and test (docs/latencies.md,
# "Session-level intervals"): no gesturelab code, only numpy/scipy.
#
# Usage:
#   python3 Tests/Reference/session_intervals.py
#
# Prints, for the Swift tests (SessionIntervalTests) to pin:
#   t_ppf        scipy.stats.t.ppf(p, df) for real df
#   t_cdf        scipy.stats.t.cdf(x, df)
#   welch        scipy.stats.ttest_ind(a, b, equal_var=False): t for B - A (scipy's t is A - B), df, p
#   interval     estimate -/+ t.ppf((1+c)/2, nu) * sqrt(vA + vB), nu by Welch-Satterthwaite with k - 1 a group
#   resample     numpy.percentile of a sessions-only resample built by np.repeat (session i's values
#                counts[i] times), linear interpolation
#   exact_var    the exact sessions-only bootstrap variance of a group's pooled percentile: every one of
#                the k^k ordered draws of k sessions, equally likely; beside it, the variance of the
#                logarithm of that percentile over the same draws (the interval takes
#                sqrt(k/(k-1)) * estimate^2 * that)
import itertools
import json
import numpy as np
from scipy import stats


def welch_df(va, vb, ka, kb):
    return (va + vb) ** 2 / (va ** 2 / (ka - 1) + vb ** 2 / (kb - 1))


def interval(estimate, va, vb, ka, kb, confidence=0.95):
    nu = welch_df(va, vb, ka, kb)
    t = stats.t.ppf((1 + confidence) / 2, nu)
    se = np.sqrt(va + vb)
    return {"df": nu, "t": t, "low": estimate - t * se, "high": estimate + t * se}


def resample_percentiles(sessions, counts, percents):
    values = np.concatenate([np.repeat(np.array(s, dtype=float), c) for s, c in zip(sessions, counts) if c > 0])
    return [float(np.percentile(values, p)) for p in percents]


def exact_variance(sessions, percent):
    k = len(sessions)
    stats_ = []
    for draw in itertools.product(range(k), repeat=k):
        counts = [draw.count(i) for i in range(k)]
        stats_.append(resample_percentiles(sessions, counts, [percent])[0])
    # divisor k^k: the bootstrap distribution itself
    return float(np.var(stats_)), float(np.var(np.log(stats_)))


def main():
    out = {}
    out["t_ppf"] = [[p, df, float(stats.t.ppf(p, df))]
                    for p, df in [(0.975, 2), (0.975, 3.7), (0.975, 4), (0.975, 8.5), (0.975, 30),
                                  (0.975, 1000), (0.995, 2.2), (0.9, 1.5), (0.025, 6)]]
    out["t_cdf"] = [[x, df, float(stats.t.cdf(x, df))]
                    for x, df in [(2.0, 10), (-1.3, 3.5), (0.4, 1), (4.5, 2.5), (-3.0, 60)]]
    a = [3.61, 3.95, 3.70, 4.02]
    b = [4.10, 3.88, 4.35, 4.52, 4.05]
    r = stats.ttest_ind(b, a, equal_var=False)
    out["welch"] = {"a": a, "b": b, "t": float(r.statistic), "df": float(r.df), "p": float(r.pvalue)}
    # The session means of log latency the Swift test builds from these sessions.
    sessions_a = [[20.0, 35.5, 41.0], [50.0, 62.5], [30.0, 33.0, 90.0, 31.0]]
    sessions_b = [[44.0, 48.0], [70.0, 81.0, 66.0], [52.5, 49.0, 58.0]]
    la = [float(np.mean(np.log(s))) for s in sessions_a]
    lb = [float(np.mean(np.log(s))) for s in sessions_b]
    r = stats.ttest_ind(lb, la, equal_var=False)
    out["welch_logs"] = {"t": float(r.statistic), "df": float(r.df), "p": float(r.pvalue)}
    out["interval"] = [dict(case, **interval(**case)) for case in [
        {"estimate": 4.2, "va": 1.1, "vb": 2.3, "ka": 3, "kb": 4},
        {"estimate": -0.8, "va": 0.25, "vb": 0.25, "ka": 3, "kb": 3},
        {"estimate": 12.0, "va": 9.0, "vb": 0.5, "ka": 20, "kb": 5},
    ]]
    sessions = [[12.0, 15.0, 11.0, 19.5], [30.0, 28.0], [14.0, 22.0, 25.0], [9.0]]
    out["resample"] = [[counts, resample_percentiles(sessions, counts, [50, 90, 95, 99])]
                       for counts in [[1, 1, 1, 1], [2, 0, 1, 1], [0, 3, 0, 1], [0, 0, 0, 4], [4, 0, 0, 0],
                                      [1, 2, 0, 1]]]
    small = [[12.0, 15.0, 11.0], [30.0, 28.0], [14.0, 22.0, 25.0, 18.0]]
    out["exact_var"] = [[p, float(np.percentile(np.concatenate(small), p)), *exact_variance(small, p)]
                        for p in [50, 95]]
    # A group whose p50 is 0 in some draws: no logarithm, so the interval takes sqrt(k/(k-1)) * the
    # variance itself (the first of the pair; the second is -inf or nan).
    with np.errstate(divide="ignore", invalid="ignore"):
        out["exact_var_zero"] = [50, exact_variance([[0.0, 0.0, 1.0], [5.0, 6.0], [7.0, 9.0, 8.0]], 50)[0]]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
