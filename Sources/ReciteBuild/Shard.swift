import ReciteSynth

/// `--shard K/N`: the K-th of N parts of the input, for spreading a large collection over
/// machines that share the cache. A document's part follows from its output path alone (a hash),
/// so every machine agrees without talking to the others, documents added or removed do not move
/// the others, and the N parts together are exactly the whole input.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        index = k
        count = n
    }

    public func contains(_ job: Job) -> Bool {
        let digest = SHA256.digest(Array(job.outputStem.utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
    /// A name for files that belong to this shard (its lock, its record of cache keys).
    public var fileTag: String { "shard-\(index)-of-\(count)" }
}
