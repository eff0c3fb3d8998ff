@testable import AIPStages
import Testing

@Suite struct ArrayArrangeTests {
    /// Every order of five elements (cycles of every length among them): the result is the elements taken in order.
    @Test func everyPermutationOfFiveArrangesAsAMapWould() {
        func permutations(_ items: [Int]) -> [[Int]] {
            items.isEmpty ? [[]] : items.indices.flatMap { index in
                permutations(Array(items[..<index] + items[(index + 1)...])).map { [items[index]] + $0 }
            }
        }
        let elements = ["a", "b", "c", "d", "e"]
        let orders = permutations(Array(elements.indices))
        #expect(orders.count == 120)
        for order in orders {
            var arranged = elements
            arranged.arrange(order)
            #expect(arranged == order.map { elements[$0] }, "\(order)")
        }
    }
}
