/// The range every size read from signed data (an index entry's `bytes`, a delta's file sizes, a manifest's file
/// sizes) must fall in before the updater plans, sums or allocates with it. A signature proves who wrote a number,
/// not that it is sane: a publisher's bug that signs `bytes` near `Int.max` must not crash a device (sums
/// overflow), nor a negative one make a package look free.
enum SignedSize {
    /// 1 TiB: far above any bundle, far below where a sum of a few hundred such sizes overflows.
    static let maximum = 1 << 40

    static func isPlausible(_ bytes: Int) -> Bool { (0...maximum).contains(bytes) }
}
