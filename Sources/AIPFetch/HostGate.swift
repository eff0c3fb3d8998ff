/// At most `limit` requests at once per host, and a pause of `delay` between the starts of two requests to the
/// same host: the politeness a public server is owed by a crawler.
actor HostGate {
    private let limit: Int
    private let delay: Duration
    private var active: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var nextStart: [String: ContinuousClock.Instant] = [:]

    init(limit: Int, delay: Duration) {
        self.limit = limit
        self.delay = delay
    }

    /// Runs `body` once the host has a free slot and its pause has passed.
    func run<T: Sendable>(host: String, _ body: @Sendable () async throws -> T) async throws -> T {
        await enter(host)
        defer { leave(host) }
        let start = max(nextStart[host] ?? .now, .now)
        nextStart[host] = start + delay
        if start > .now { try await Task.sleep(until: start, clock: .continuous) }
        return try await body()
    }

    private func enter(_ host: String) async {
        if active[host, default: 0] < limit {
            active[host, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    /// Hands the slot to the next waiter, or frees it.
    private func leave(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue
            next.resume()
        } else {
            active[host, default: 1] -= 1
        }
    }
}
