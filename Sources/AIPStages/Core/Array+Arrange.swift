extension Array {
    /// Puts the elements in `order` (a permutation of the indices): `self[k]` becomes the element that was at
    /// `order[k]`. Elements are moved by swaps, cycle by cycle: copying rows of a dozen strings into a new array
    /// retained and released every string, on the build's one-core merge.
    mutating func arrange(_ order: [Int]) {
        precondition(order.count == count, "an order of \(order.count) indices for \(count) elements")
        var placed = [Bool](repeating: false, count: count)
        for start in indices where !placed[start] {
            var current = start
            while true {
                placed[current] = true
                let next = order[current]
                if next == start { break }
                precondition(!placed[next], "the order is no permutation: \(next) twice")
                swapAt(current, next)
                current = next
            }
        }
    }
}
