import Foundation

/// The packages that bring an installed version to the channel's latest with the fewest bytes downloaded: a full
/// bundle, a chain of deltas, or a full bundle of an older version followed by deltas — whatever sums to least.
public struct UpdatePlan: Sendable, Equatable {
    /// The packages to fetch and apply, in order.
    public var steps: [ChannelIndex.Entry]
    public var bytes: Int { steps.reduce(0) { $0 + $1.bytes } }

    /// The cheapest plan from `installed` (nil: nothing installed) to `index.latest`, leaving out the packages in
    /// `unavailable` (the channel answered 404 for them); nil when no package path reaches the latest.
    ///
    /// A full bundle may start a path (when its version is newer than the installed one, or the installed one is
    /// not in the channel); a delta continues one from its base. Cheapest by summed bytes (Dijkstra).
    public static func cheapest(in index: ChannelIndex, installed: String?, unavailable: Set<String> = []) -> UpdatePlan? {
        let usable = index.packages.filter { !unavailable.contains($0.deltaSHA256) }
        let position = Dictionary(index.versions.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let start = installed ?? ""
        var cost: [String: Int] = [start: 0]
        var via: [String: ChannelIndex.Entry] = [:]
        var done: Set<String> = []
        func relax(_ entry: ChannelIndex.Entry, from node: String) {
            let total = cost[node]! + entry.bytes
            if total < cost[entry.to] ?? .max {
                cost[entry.to] = total
                via[entry.to] = entry
            }
        }
        for entry in usable where entry.from == nil {
            // Unknown to the channel (or nothing installed): any full bundle starts a path; else only newer ones.
            let from = installed.flatMap { position[$0] }
            let newer = from.map { start in position[entry.to].map { $0 > start } ?? false } ?? true
            if newer { relax(entry, from: start) }
        }
        while let node = cost.filter({ !done.contains($0.key) }).min(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) })?.key {
            done.insert(node)
            if node == index.latest { break }
            for entry in usable where entry.from == node { relax(entry, from: node) }
        }
        guard cost[index.latest] != nil, index.latest != start else { return nil }
        var steps: [ChannelIndex.Entry] = []
        var node = index.latest
        while let entry = via[node] {
            steps.insert(entry, at: 0)
            guard let from = entry.from, from != start else { break }
            node = from
        }
        return UpdatePlan(steps: steps)
    }
}
