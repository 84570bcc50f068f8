/// Carries positions on eSpeak NG's audio of a chunk onto the neural audio of the same chunk.
enum ChunkAligner {
    /// Positions in `reference` → positions in `target`, non-decreasing, inside the target.
    static func map(_ positions: [Int], reference: [Int16], referenceRate: Int, target: [Int16], targetRate: Int) -> [Int] {
        // Linear between the speech of both (a stand-in until the spectral aligner lands).
        let (rs, re) = speechExtent(reference), (ts, te) = speechExtent(target)
        let scale = re > rs ? Double(te - ts) / Double(re - rs) : 0
        var last = 0
        return positions.map { p in
            let mapped = ts + Int((Double(min(max(p, rs), re) - rs) * scale).rounded())
            last = max(last, min(max(0, mapped), target.count))
            return last
        }
    }

    private static func speechExtent(_ samples: [Int16]) -> (Int, Int) {
        let threshold: Int16 = 300
        let first = samples.firstIndex { abs(Int($0)) > Int(threshold) } ?? 0
        let last = samples.lastIndex { abs(Int($0)) > Int(threshold) } ?? samples.count
        return (first, max(first, last))
    }
}
