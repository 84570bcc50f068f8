import Foundation

/// The address ranges mapped in this process (`/proc/self/maps`), sorted: where a library is
/// loaded, and what an address may look like.
struct MappedMemory {
    /// Every mapping: its addresses, and the file it maps and from which offset, if any.
    private var mappings: [(start: UInt64, end: UInt64, offset: UInt64, path: String?)] = []

    init() {
        for line in Self.readMaps().split(separator: "\n") {
            // start-end permissions offset device inode [path]
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 5, bounds.count == 2, let start = UInt64(bounds[0], radix: 16),
                  let end = UInt64(bounds[1], radix: 16), let offset = UInt64(fields[2], radix: 16) else { continue }
            let path = fields.count == 6 ? String(fields[5].drop { $0 == " " }) : nil
            mappings.append((start, end, offset, path))
        }
        mappings.sort { $0.start < $1.start }
    }

    /// `/proc/self/maps`, read to its end: its size is 0 to `stat`, so whole-file readers
    /// that trust the size get nothing.
    private static func readMaps() -> String {
        let fd = open("/proc/self/maps", O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `value` could be a user-space address on x86-64 or AArch64 Linux: above the
    /// first 4 GB (where a position-independent executable, its heap and its libraries live)
    /// and below 2^47.
    static func looksLikeUserAddress(_ value: UInt64) -> Bool {
        value >= 1 << 32 && value < 1 << 47
    }

    /// The file mapped at `address` and the address its offset 0 is loaded at: a library's path
    /// and load address, given an address inside it.
    func library(containing address: UInt64) -> (path: String, base: UInt64)? {
        guard let index = index(containing: address), let path = mappings[index].path else { return nil }
        let base = mappings[...index].last { $0.path == path && $0.offset == 0 }?.start
        return base.map { (path, $0) }
    }

    private func index(containing address: UInt64) -> Int? {
        var low = 0, high = mappings.count
        while low < high {
            let mid = (low + high) / 2
            if mappings[mid].end <= address { low = mid + 1 } else { high = mid }
        }
        return low < mappings.count && mappings[low].start <= address ? low : nil
    }
}
