#!/usr/bin/env python3
# Why compare's session-level percentile interval takes its variance from logarithms, with half the
# small-sample factor, and stays symmetric (docs/latencies.md, "The intervals"): the calibration grid
# simulated again in numpy, with no gesturelab code, and variants of the interval scored on it; then
# designs outside the grid (Weibull and bimodal touches, unequal touch counts, unbalanced groups).
#
# Usage:
#   python3 Tests/Reference/interval_choice.py [--datasets D] [--replicates R] [--seed S]
#
# D data sets a design (default 100: about 8 minutes on one core; the docs quote D = 400, about half
# an hour), R session-bootstrap replicates a group (default 500). For each variant it prints how
# many of the 160 latency designs (2 shapes x sessions 3, 5, 8, 20, 60 x touches 20, 120 x ICC 0,
# 0.1, 0.5, 0.9 x no effect and B 25 % slower) fall outside 93-97 % at p50 and 92-98 % at p95 and
# p99, and the mean width over the ideal (3.92 x the SD of the estimate) at ICC 0 by sessions.
# A coverage from D data sets has a Monte Carlo SE of sqrt(0.95 * 0.05 / D): with D = 100 (2.2 points)
# a third of the designs at a true 95 % fall outside 93-97 % by chance, so read the variants against
# each other there; with D = 400 (1.1 points), 1 in 15. The designs outside the grid take 300 data
# sets each and print each variant's p50, p90, p95 and p99 coverage.
#
# The model is the project's calibration study: latency = 50 ms * exp(arm + b_s) * W, b_s ~ N(0, sb^2),
# sb^2 = ICC / (1 - ICC) * Var(log W); W log-normal (log W ~ N(0, 0.25)) or gamma+tail (0.3 + 0.35 *
# Gamma(2), and 5 % of touches 4 times that). The truth is the difference of the percentiles of a
# touch from a random session, by quadrature. A group's estimate is numpy's percentile of its pooled
# touches; a replicate draws its k sessions with replacement and keeps each drawn session whole.
#
# Variants (f = k / (k - 1); t on Welch-Satterthwaite df with k - 1 a group; d the estimate B - A):
#   linear             v = f * var(q*)                  d -/+ t * sqrt(vA + vB) (compare before)
#   log (f)            v = f * q^2 * var(log q*)        symmetric
#   log (none)         v = q^2 * var(log q*)            symmetric
#   log (sqrt f)       v = sqrt(f) * q^2 * var(log q*)  symmetric: what compare does
#   log (sqrt f) split the same width, split as the semideviations of the replicates' B - A about d
#                      (s- / (s- + s+) of it below d): nearer 95 % at p50 on the grid, short outside it
import argparse, os
for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(name, "1")
import numpy as np
from scipy import integrate, optimize, stats

PERCENTS = np.array([0.50, 0.90, 0.95, 0.99])
SHAPES = ("log-normal", "gamma+tail")


def gamma_tail_log_variance():
    moment = lambda g, power: np.log(0.3 + 0.35 * g) ** power * stats.gamma.pdf(g, 2)
    first = integrate.quad(moment, 0, np.inf, args=(1,))[0]
    second = integrate.quad(moment, 0, np.inf, args=(2,))[0]
    # The 5 % of touches four times as slow add a two-point mixture's variance on the log scale.
    return second - first ** 2 + 0.05 * 0.95 * np.log(4) ** 2


def session_spread(shape, icc):
    within = 0.25 if shape == "log-normal" else gamma_tail_log_variance()
    return np.sqrt(icc / (1 - icc) * within) if icc > 0 else 0.0


def noise_cdf(shape, w):
    if shape == "log-normal":
        return stats.norm.cdf(np.log(w) / 0.5)
    base = lambda u: stats.gamma.cdf(np.maximum((u - 0.3) / 0.35, 0), 2)
    return 0.95 * base(w) + 0.05 * base(w / 4)


def population_percentiles(shape, icc):
    spread = session_spread(shape, icc)
    nodes, weights = np.polynomial.hermite_e.hermegauss(201)
    weights = weights / weights.sum()
    cdf = lambda log_x: np.sum(weights * noise_cdf(shape, np.exp(log_x) / (50 * np.exp(spread * nodes))))
    return np.array([np.exp(optimize.brentq(lambda x: cdf(x) - p, np.log(50) - 15, np.log(50) + 15, xtol=1e-13))
                     for p in PERCENTS])


def draw(rng, shape, groups, k, n, icc):
    level = 50 * np.exp(session_spread(shape, icc) * rng.standard_normal((groups, k, 1)))
    if shape == "log-normal":
        return level * np.exp(0.5 * rng.standard_normal((groups, k, n)))
    w = 0.3 + 0.35 * rng.gamma(2.0, 1.0, (groups, k, n))
    return level * np.where(rng.random((groups, k, n)) < 0.05, 4 * w, w)


def percentiles_and_replicates(rng, groups, replicates):
    """Each group's pooled percentiles (G, 4) and its sessions-only replicates (G, R, 4).

    A replicate drawing session i c_i times holds each of its values c_i times, so its r-th smallest
    value (0-based) is the first pooled value whose running count of copies exceeds r."""
    count, k, n = groups.shape
    total = k * n
    estimates = np.empty((count, len(PERCENTS)))
    out = np.empty((count, replicates, len(PERCENTS)))
    for g in range(count):
        flat = groups[g].ravel()
        order = np.argsort(flat)
        pooled, owner = flat[order], order // n
        estimates[g] = np.quantile(pooled, PERCENTS)
        copies = np.cumsum(rng.multinomial(k, np.full(k, 1 / k), size=replicates)[:, owner], axis=1)
        for index, p in enumerate(PERCENTS):
            rank = p * (total - 1)
            low, fraction = int(np.floor(rank)), rank - np.floor(rank)
            high = min(low + 1, total - 1)
            below = pooled[(copies <= low).sum(axis=1)]
            above = pooled[(copies <= high).sum(axis=1)]
            out[g, :, index] = below + fraction * (above - below)
    return estimates, out


def welch_t(va, vb, ka, kb):
    denominator = va ** 2 / (ka - 1) + vb ** 2 / (kb - 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        nu = np.where(denominator > 0, (va + vb) ** 2 / np.where(denominator > 0, denominator, 1), np.inf)
    return stats.t.ppf(0.975, nu)


def lower_share(ra, rb, estimate):
    deviation = (rb - ra) - estimate[:, None]
    below = np.sqrt(np.mean(np.where(deviation < 0, deviation ** 2, 0), axis=1))
    above = np.sqrt(np.mean(np.where(deviation >= 0, deviation ** 2, 0), axis=1))
    total = below + above
    return np.where(total > 0, below / np.where(total > 0, total, 1), 0.5)


def variants(qa, qb, ra, rb, ka, kb):
    """{name: (low, high)} for one percentile over the data sets of a design."""
    fa, fb, d = ka / (ka - 1), kb / (kb - 1), qb - qa
    share = lower_share(ra, rb, d)
    out = {}
    va, vb = fa * ra.var(axis=1, ddof=1), fb * rb.var(axis=1, ddof=1)
    half = welch_t(va, vb, ka, kb) * np.sqrt(va + vb)
    out["linear"] = (d - half, d + half)
    la, lb = qa ** 2 * np.log(ra).var(axis=1, ddof=1), qb ** 2 * np.log(rb).var(axis=1, ddof=1)
    for name, power in (("log (f)", 1.0), ("log (none)", 0.0), ("log (sqrt f)", 0.5)):
        va, vb = fa ** power * la, fb ** power * lb
        half = welch_t(va, vb, ka, kb) * np.sqrt(va + vb)
        out[name] = (d - half, d + half)
        if power == 0.5:
            out["log (sqrt f) split"] = (d - share * 2 * half, d + (1 - share) * 2 * half)
    return out


def outside_the_grid(rng, shape, ka, kb, icc, scale, datasets=300, replicates=400):
    """Coverage of each variant at p50, p90, p95, p99 for a design the grid leaves out: touch counts
    from 5 to 199 a session, groups of ka and kb sessions, Weibull(1.3) or bimodal touches."""
    def noise(size):
        if shape == "weibull":
            return rng.weibull(1.3, size)
        return np.where(rng.random(size) < 0.8, np.exp(0.3 * rng.standard_normal(size)),
                        6 * np.exp(0.2 * rng.standard_normal(size)))
    spread = np.sqrt(icc / (1 - icc) * np.log(noise(2_000_000)).var())
    big = 3_000_000
    truth = np.percentile(50 * np.exp(spread * rng.standard_normal(big)) * noise(big), PERCENTS * 100) * (scale - 1)
    def group(k, level):
        return [level * 50 * np.exp(spread * rng.standard_normal()) * noise(m) for m in rng.integers(5, 200, k)]
    def bootstrap(sessions):
        return np.array([np.percentile(np.concatenate([sessions[i] for i in rng.integers(0, len(sessions),
                                                                                             len(sessions))]),
                                       PERCENTS * 100) for _ in range(replicates)])
    hits = {}
    for _ in range(datasets):
        a, b = group(ka, 1.0), group(kb, scale)
        qa, qb = np.percentile(np.concatenate(a), PERCENTS * 100), np.percentile(np.concatenate(b), PERCENTS * 100)
        ra, rb = bootstrap(a), bootstrap(b)
        for index in range(len(PERCENTS)):
            found = variants(qa[index:index + 1], qb[index:index + 1], ra[None, :, index], rb[None, :, index], ka, kb)
            for name, (low, high) in found.items():
                hits.setdefault(name, np.zeros(len(PERCENTS)))[index] += (low[0] <= truth[index] <= high[0])
    return {name: 100 * value / datasets for name, value in hits.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--datasets", type=int, default=100)
    parser.add_argument("--replicates", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    coverage, widths = {}, {}
    for shape in SHAPES:
        for icc in (0.0, 0.1, 0.5, 0.9):
            truth = population_percentiles(shape, icc)
            for k in (3, 5, 8, 20, 60):
                for n in (20, 120):
                    rng = np.random.default_rng([options.seed, SHAPES.index(shape), k, n, int(icc * 10)])
                    q, r = percentiles_and_replicates(rng, draw(rng, shape, 4 * options.datasets, k, n, icc),
                                                      options.replicates)
                    for effect, scale, part in (("null", 1.0, 0), ("slower", 1.25, 1)):
                        rows = slice(2 * options.datasets * part, 2 * options.datasets * (part + 1))
                        qa, qb = q[rows][0::2], scale * q[rows][1::2]
                        ra, rb = r[rows][0::2], scale * r[rows][1::2]
                        for index, percent in enumerate(PERCENTS):
                            target = truth[index] * (scale - 1)
                            ideal = 3.92 * (qb[:, index] - qa[:, index]).std(ddof=1)
                            found = variants(qa[:, index], qb[:, index], ra[:, :, index], rb[:, :, index], k, k)
                            for name, (low, high) in found.items():
                                covered = np.mean((low <= target) & (target <= high)) * 100
                                coverage.setdefault(name, []).append((int(percent * 100), covered))
                                if icc == 0:
                                    widths.setdefault((name, k), []).append(np.mean(high - low) / ideal)
    bands = {50: (93, 97), 95: (92, 98), 99: (92, 98)}
    print(f"{options.datasets} data sets a design, {options.replicates} replicates, seed {options.seed}; "
          "designs outside the band (below it, above it) of 160; width / ideal at ICC 0 by sessions a group")
    for name, cells in coverage.items():
        text = f"{name:20s}"
        for percent, (low, high) in bands.items():
            values = [c for p, c in cells if p == percent]
            text += f"  p{percent} {sum(v < low for v in values):2d} below {sum(v > high for v in values):2d} above"
        text += "  width " + " ".join(f"{np.mean(widths[(name, k)]):.2f}" for k in (3, 5, 8, 20, 60))
        print(text, flush=True)
    print("outside the grid (300 data sets a design): coverage at p50 p90 p95 p99")
    for shape, ka, kb, icc, scale in (("weibull", 3, 6, 0.9, 1.0), ("weibull", 5, 20, 0.9, 1.25),
                                      ("weibull", 20, 20, 0.9, 1.0), ("bimodal", 3, 8, 0.9, 1.0),
                                      ("bimodal", 5, 5, 0.9, 1.25), ("weibull", 3, 8, 0.5, 1.0)):
        rng = np.random.default_rng([options.seed, ka, kb, int(icc * 10), int(scale * 100), len(shape)])
        for name, covered in outside_the_grid(rng, shape, ka, kb, icc, scale).items():
            print(f"  {shape} {ka} vs {kb} sessions, ICC {icc}, B x{scale}: {name:20s} "
                  + " ".join(f"{c:5.1f}" for c in covered), flush=True)


if __name__ == "__main__":
    main()
