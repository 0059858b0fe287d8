#!/usr/bin/env python3
# Independent references for the session-level comparison (docs/latencies.md,
# "Sessions, not touches, are the unit"): no gesturelab code, only numpy/scipy.
#
# Usage:
#   python3 Tests/Reference/session_comparison.py           # the fixed cases the Swift tests pin
#   python3 Tests/Reference/session_comparison.py --data    # those cases' values (Tests/Fixtures/session-cases.json)
#   python3 Tests/Reference/session_comparison.py CASE.json # a case: {"a": [[...], ...], "b": [[...], ...],
#                                                           #  "paired": [[...], ...] (optional), "seed": 1}
#
# For each case it prints JSON with:
#   sessions.test      scipy.stats.mannwhitneyu(medians_a, medians_b, method="auto") (U for A, p)
#   pooled             scipy.stats.mannwhitneyu(pooled_a, pooled_b, method="asymptotic")
#   icc, design_effect, effective_n   the one-way ANOVA ICC(1) of sessions within groups, by the formula
#   delta              brute-force two-stage bootstrap of pooled percentile(B) - percentile(A), 95 % percentile
#                      interval (sessions with replacement, then values within each drawn session), numpy
#   sessions_t         compare's session-level interval of p50 and p90 (sessions-bootstrap-log-se-t), from the
#                      exact sessions-only bootstrap (all k^k draws of k sessions), numpy and scipy.stats.t.ppf
#   paired_sessions    scipy.stats.wilcoxon(per-session medians of the paired differences) with its defaults
import itertools, json, sys
import numpy as np
from scipy import stats


def icc_by_formula(groups):
    k = sum(len(g) for g in groups)
    g = sum(1 for grp in groups if len(grp) > 0)
    n = sum(len(s) for grp in groups for s in grp)
    if k - g < 1 or n - k < 1:
        return None
    msb = msw = size_term = 0.0
    for grp in groups:
        values = np.concatenate([np.asarray(s, float) for s in grp])
        gmean = values.mean()
        size_term += sum(len(s) ** 2 for s in grp) / len(values)
        for s in grp:
            s = np.asarray(s, float)
            msb += len(s) * (s.mean() - gmean) ** 2
            msw += ((s - s.mean()) ** 2).sum()
    msb /= (k - g)
    msw /= (n - k)
    n0 = (n - size_term) / (k - g)
    den = msb + (n0 - 1) * msw
    return None if den == 0 else (msb - msw) / den


def two_stage(groups_a, groups_b, percents, replicates, rng):
    """Brute force: build every resample and take np.percentile of the pool."""
    def draw(groups):
        picks = rng.integers(0, len(groups), len(groups))
        pool = np.concatenate([rng.choice(np.asarray(groups[i], float), size=len(groups[i]), replace=True)
                               for i in picks])
        return np.percentile(pool, percents)
    deltas = np.array([draw(groups_b) - draw(groups_a) for _ in range(replicates)])
    return [(float(np.percentile(deltas[:, j], 2.5)), float(np.percentile(deltas[:, j], 97.5)))
            for j in range(len(percents))]


def sessions_t(groups_a, groups_b, percents):
    """The session-level interval: the exact sessions-only bootstrap (every one of the k^k ordered draws
    of a group's k sessions, each drawn session's values kept whole); a group's variance is
    sqrt(k/(k-1)) * q^2 * the variance of log(percentile) over the draws, q its pooled percentile; then
    estimate -/+ t.ppf(0.975, Welch-Satterthwaite df on k - 1 a group) * sqrt(vA + vB)."""
    def replicates(groups):
        k = len(groups)
        reps = []
        for draw in itertools.product(range(k), repeat=k):
            pool = np.concatenate([np.asarray(groups[i], float) for i in draw])
            reps.append(np.percentile(pool, percents))
        return np.array(reps)
    ra, rb = replicates(groups_a), replicates(groups_b)
    ka, kb = len(groups_a), len(groups_b)
    qa = np.array([np.percentile(np.concatenate(groups_a), p) for p in percents])
    qb = np.array([np.percentile(np.concatenate(groups_b), p) for p in percents])
    va = np.sqrt(ka / (ka - 1)) * qa ** 2 * np.var(np.log(ra), axis=0)
    vb = np.sqrt(kb / (kb - 1)) * qb ** 2 * np.var(np.log(rb), axis=0)
    nu = (va + vb) ** 2 / (va ** 2 / (ka - 1) + vb ** 2 / (kb - 1))
    half = stats.t.ppf(0.975, nu) * np.sqrt(va + vb)
    est = qb - qa
    return [(float(e - h), float(e + h)) for e, h in zip(est, half)]


def reference(case, replicates=4000):
    a, b = case["a"], case["b"]
    med_a = [float(np.median(s)) for s in a]
    med_b = [float(np.median(s)) for s in b]
    out = {"medians_a": med_a, "medians_b": med_b}
    r = stats.mannwhitneyu(med_a, med_b, method="auto")
    out["sessions_test"] = {"u": float(r.statistic), "p": float(r.pvalue)}
    pa, pb = np.concatenate(a), np.concatenate(b)
    r = stats.mannwhitneyu(pa, pb, method="asymptotic")
    out["pooled"] = {"u": float(r.statistic), "p": float(r.pvalue)}
    icc = icc_by_formula([a, b])
    out["icc"] = icc
    if icc is not None:
        de = [1 + (sum(map(len, g)) / len(g) - 1) * max(icc, 0) for g in (a, b)]
        out["design_effect"] = de
        out["effective_n"] = [sum(map(len, g)) / d for g, d in zip((a, b), de)]
    percents = [50, 90]
    out["estimate"] = [float(np.percentile(pb, p) - np.percentile(pa, p)) for p in percents]
    if len(a) >= 2 and len(b) >= 2:
        rng = np.random.default_rng(case.get("seed", 1))
        out["delta"] = two_stage(a, b, percents, replicates, rng)
        out["sessions_t"] = sessions_t(a, b, percents)
    if "paired" in case:
        meds = [float(np.median(s)) for s in case["paired"]]
        w = stats.wilcoxon(meds)
        out["paired_sessions"] = {"medians": meds, "statistic": float(w.statistic), "p": float(w.pvalue)}
    return out


def fixed_cases():
    # 1. Four sessions a side whose person/device shifts latency by tens of ms, no variant effect.
    rng = np.random.default_rng(22)
    shifts_a, shifts_b = [0, 35, -20, 15], [30, -10, 5, 40]
    clustered = {"a": [list(np.round(60 + s + rng.gamma(4, 3, 150), 3)) for s in shifts_a],
                 "b": [list(np.round(60 + s + rng.gamma(4, 3, 150), 3)) for s in shifts_b], "seed": 1}
    # 2. Unequal session sizes with a real effect of +30 ms in B.
    rng = np.random.default_rng(23)
    sizes_a, sizes_b = [20, 80, 45, 7, 130], [60, 15, 100, 33]
    unequal = {"a": [list(np.round(50 + rng.normal(0, 8) + rng.gamma(3, 2, m), 3)) for m in sizes_a],
               "b": [list(np.round(80 + rng.normal(0, 8) + rng.gamma(3, 2, m), 3)) for m in sizes_b], "seed": 1}
    # 3. Paired channels, five sessions.
    paired = {"a": [[1.0, 2.0, 3.0]] * 5, "b": [[700.0, 750.0, 800.0]] * 5,
              "paired": [[749.0, 751.5, 760.25], [740.0, 742.0], [755.5, 756.0, 758.0, 790.0], [748.0], [751.0, 752.0]]}
    return {"clustered": clustered, "unequal": unequal, "paired": paired}


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] != "--data":
        print(json.dumps(reference(json.load(open(sys.argv[1]))), indent=1))
    else:
        cases = fixed_cases()
        if "--data" in sys.argv:
            print(json.dumps(cases))
        else:
            for name, case in cases.items():
                print(name, json.dumps(reference(case)))
