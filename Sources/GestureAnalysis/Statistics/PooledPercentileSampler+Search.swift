import Foundation
import SeededRandom

/// The general search, for the few replicates whose wanted ranks fall
/// outside the bracket: a quickselect over values that splits every part's
/// draws binomially at each pivot.
extension PooledPercentileSampler {
    /// A part of the resample still in play: `draws` uniform draws over the
    /// sorted values `values[lo..<hi]`.
    struct Part {
        var lo: Int
        var hi: Int
        var draws: Int
    }

    /// Carries on from the bracket's split when the ranks fell outside it:
    /// shares each bucket's below count out among its sessions, then
    /// searches the below, inside and above ranges of every drawn session.
    func searchFromSplits(rank: Int, needNext: Bool, total: Int, workspace: inout Workspace,
                          generator: inout SeededGenerator) -> (Double, Double) {
        var parts: [Part] = []
        parts.reserveCapacity(3 * workspace.drawnCount)
        var cursor = 0
        for session in workspace.drawnSessions[..<workspace.drawnCount] {
            let index = Int(session)
            let start = starts[index], size = starts[index + 1] - start
            let draws = Int(workspace.counts[index]) * size
            let below = Int(workspace.belowLow[index]), upper = Int(workspace.belowHigh[index])
            let inside = upper - below
            var drawnInside = 0
            if cursor < workspace.insideCount, workspace.insideSessions[cursor] == session {
                drawnInside = workspace.insideDraws[cursor]
                cursor += 1
            }
            let rest = draws - drawnInside, outside = size - inside
            var drawnBelow = 0
            if below == 0 || rest == 0 {
                drawnBelow = 0
            } else if below == outside {
                drawnBelow = rest
            } else {
                let slot = workspace.buckets.slot(below: below, of: outside)
                drawnBelow = Self.hypergeometric(draws: rest, population: workspace.buckets.trials[slot],
                                                 successes: workspace.buckets.successes[slot], using: &generator)
                workspace.buckets.trials[slot] -= rest
                workspace.buckets.successes[slot] -= drawnBelow
            }
            for part in [Part(lo: start, hi: start + below, draws: drawnBelow),
                         Part(lo: start + below, hi: start + upper, draws: drawnInside),
                         Part(lo: start + upper, hi: start + size, draws: rest - drawnBelow)] where part.draws > 0 {
                parts.append(part)
            }
        }
        return search(rank: rank, parts: &parts, total: total, needNext: needNext, using: &generator)
    }

    /// Successes among `draws` taken without replacement from `population`
    /// trials of which `successes` are: one trial at a time.
    static func hypergeometric(draws: Int, population: Int, successes: Int,
                               using generator: inout SeededGenerator) -> Int {
        var population = population, left = successes, taken = 0
        for drawn in 0..<draws {
            if left == 0 { break }
            if left == population { return taken + (draws - drawn) }
            if generator.nextUniform() * Double(population) < Double(left) {
                taken += 1
                left -= 1
            }
            population -= 1
        }
        return taken
    }

    /// The value of 0-based `rank` among the draws of `parts`, and (when
    /// `needNext`) the value of the rank after it.
    func search(rank: Int, parts: inout [Part], total: Int, needNext: Bool,
                using generator: inout SeededGenerator) -> (Double, Double) {
        var rank = rank, total = total
        var next = Double.infinity
        var below: [Int] = [], splits: [Int] = [], kept: [Part] = []
        var step = 0
        while true {
            if total <= 512 {
                // Few draws left: make them.
                var drawn: [Double] = []
                drawn.reserveCapacity(total)
                for part in parts {
                    let size = part.hi - part.lo
                    for _ in 0..<part.draws {
                        drawn.append(values[part.lo + min(Int(generator.nextUniform() * Double(size)), size - 1)])
                    }
                }
                let above = rank + 1 < total
                let (value, following) = selectMaterialised(rank: rank, needNext: needNext && above, in: &drawn)
                return (value, above ? following : next)
            }
            var lowest = Double.infinity, highest = -Double.infinity
            for part in parts {
                lowest = min(lowest, values[part.lo])
                highest = max(highest, values[part.hi - 1])
            }
            if lowest == highest {
                return (lowest, rank + 1 < total ? lowest : next)
            }
            // The pivot: alternately the value at the wanted rank's share of
            // the part with the most draws (near the answer, so the ranges
            // shrink fast) and a draw of the resample chosen at random (so
            // that no arrangement of values can stall the search).
            var pivot = highest
            step += 1
            if step % 2 == 1 {
                var largest = 0
                for index in parts.indices where parts[index].draws > parts[largest].draws { largest = index }
                let part = parts[largest], size = part.hi - part.lo
                let share = (Double(rank) + 0.5) / Double(total)
                pivot = values[part.lo + min(Int(share * Double(size)), size - 1)]
            } else {
                var pick = min(Int(generator.nextUniform() * Double(total)), total - 1)
                for part in parts {
                    if pick < part.draws {
                        let size = part.hi - part.lo
                        pivot = values[part.lo + min(Int(generator.nextUniform() * Double(size)), size - 1)]
                        break
                    }
                    pick -= part.draws
                }
            }
            // Split at ≤ pivot, or at < pivot when the pivot is the largest
            // value, so that both sides hold values and the ranges shrink.
            let strict = pivot == highest
            below.removeAll(keepingCapacity: true)
            splits.removeAll(keepingCapacity: true)
            var belowTotal = 0
            for part in parts {
                let split = strict ? boundary(part.lo, part.hi) { $0 < pivot } : boundary(part.lo, part.hi) { $0 <= pivot }
                splits.append(split)
                let size = part.hi - part.lo
                let inside = split - part.lo
                let count = inside == 0 ? 0 : inside == size ? part.draws
                    : generator.nextBinomial(part.draws, Double(inside) / Double(size))
                below.append(count)
                belowTotal += count
            }
            kept.removeAll(keepingCapacity: true)
            if rank < belowTotal {
                for (index, part) in parts.enumerated() {
                    let above = part.draws - below[index]
                    if needNext, above > 0, values[splits[index]] < next {
                        // The smallest of `above` uniform draws over split..<hi.
                        let size = part.hi - splits[index]
                        let gap = -expm1(log(generator.nextOpenUniform()) / Double(above))
                        let offset = min(Int(Double(size) * gap), size - 1)
                        next = min(next, values[splits[index] + offset])
                    }
                    if below[index] > 0 {
                        kept.append(Part(lo: part.lo, hi: splits[index], draws: below[index]))
                    }
                }
                total = belowTotal
            } else {
                rank -= belowTotal
                for (index, part) in parts.enumerated() where part.draws - below[index] > 0 {
                    kept.append(Part(lo: splits[index], hi: part.hi, draws: part.draws - below[index]))
                }
                total -= belowTotal
            }
            swap(&parts, &kept)
        }
    }

    /// First index in lo..<hi whose value fails `isBelow` (values ascending).
    private func boundary(_ lo: Int, _ hi: Int, _ isBelow: (Double) -> Bool) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let middle = (lo + hi) / 2
            if isBelow(values[middle]) { lo = middle + 1 } else { hi = middle }
        }
        return lo
    }
}
