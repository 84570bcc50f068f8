import Foundation

/// A small deterministic generator (SplitMix64): random inputs and schedules that are the same on
/// every run of a seed, so a failure can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The seed is `RECITE_TEST_SEED` if set, else drawn; tests print it with their failures.
    public init() {
        let given = ProcessInfo.processInfo.environment["RECITE_TEST_SEED"].flatMap { UInt64($0) }
        self.init(seed: given ?? UInt64.random(in: 1...UInt64.max))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
