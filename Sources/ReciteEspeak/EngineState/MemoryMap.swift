import Foundation

/// The process's accessible memory, from `/proc/self/maps`: the mappings a pointer can point into
/// (readable, writable or executable), as sorted address ranges.
///
/// It tells an address from a number that only looks like one better than asking the kernel about
/// one page (`msync` succeeds on any mapping): reserved regions that nothing may touch (`---p`,
/// such as the guard areas of thread stacks and malloc arenas) are left out, and so are mappings
/// of more than `largest` bytes, which no library or heap has but the address sanitizer's shadow
/// memory has (terabytes, reserved at start, covering most numbers that look like addresses).
struct MemoryMap {
    private(set) var ranges: [Range<UInt64>] = []

    /// Above this a mapping is not taken for one a pointer points into.
    static let largest: UInt64 = 64 << 30

    init() { refresh() }

    /// Reads the mappings again (a block allocated since may lie in a new one).
    mutating func refresh() {
        guard let text = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else {
            ranges = []
            return
        }
        ranges = text.split(separator: "\n").compactMap(Self.range(ofLine:)).sorted { $0.lowerBound < $1.lowerBound }
    }

    /// "7f12a000-7f12c000 rw-p 00000000 00:00 0 …": the range, if the mapping is accessible and
    /// not oversized.
    static func range(ofLine line: Substring) -> Range<UInt64>? {
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[1].prefix(3) != "---" else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let low = UInt64(bounds[0], radix: 16), let high = UInt64(bounds[1], radix: 16),
              high > low, high - low <= largest else { return nil }
        return low ..< high
    }

    func contains(_ address: UInt64) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= address { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(address)
    }
}
