import Foundation

/// eSpeak NG's state between utterances, saved once and put back before every segment.
///
/// eSpeak NG 1.51 carries state from one utterance to the next in its static variables (the same
/// text comes out a few hundred samples different after other text), and its API resets none of
/// it. Forking a fresh child per segment gives every segment the same start, but costs about a
/// millisecond per segment in page faults. This does the same in place: it copies the library's
/// own writable data (`.data` and `.bss`, found from the loader's program headers) once the voice is
/// loaded, and copies it back before each segment.
///
/// Pointers are the exception. A word of that memory that holds an address (before or now, in
/// memory a pointer can point into: `MemoryMap`) is left as it is: the heap blocks eSpeak NG
/// allocated since (its text decoder, a translator) stay owned and in use, and putting back an
/// older address would hand it freed memory. Only numbers, flags, tables and buffers go back.
/// Whether that is enough is not assumed: the worker checks it at start
/// (`WorkerLoop.resetIsExact`) and falls back to forking when it is not, and
/// `Benchmarks/reset_proof.py` compares every segment of the shared corpus with a fresh process's.
public final class EngineSnapshot {
    private let region: UnsafeMutableRawBufferPointer
    private let saved: [UInt64]
    /// What each word of the data is, once a value that looks like an address was met in it.
    /// A variable's type does not change: a word that held an address holds addresses (or
    /// null), and one that held an address-like number mapped nowhere (two packed integers)
    /// holds numbers. Remembering it spares asking the kernel again.
    private var kinds: [WordKind]
    /// Where pointers can point, read again when an address is not found in it.
    private var memory = MemoryMap()

    private enum WordKind: UInt8 {
        case unknown, number, pointer
    }

    /// Saves the library's writable data as it is now; nil if it cannot be found.
    public init?() {
        guard let region = Self.writableData() else { return nil }
        self.region = region
        saved = Array(region.bindMemory(to: UInt64.self))
        kinds = Array(repeating: .unknown, count: saved.count)
    }

    /// Puts every number of the saved data back, leaving pointers (see the type's comment).
    public func restore() {
        let words = region.bindMemory(to: UInt64.self)
        for index in words.indices {
            let now = words[index]
            let then = saved[index]
            guard now != then else { continue }
            switch kinds[index] {
            case .pointer:
                continue
            case .number:
                words[index] = then
            case .unknown:
                guard Self.looksLikeUserAddress(now) || Self.looksLikeUserAddress(then) else {
                    words[index] = then
                    continue
                }
                if isMapped(now) || isMapped(then) {
                    kinds[index] = .pointer
                } else {
                    kinds[index] = .number
                    words[index] = then
                }
            }
        }
    }

    /// Whether `value` is an address in this process's accessible memory (`MemoryMap`).
    private func isMapped(_ value: UInt64) -> Bool {
        guard Self.looksLikeUserAddress(value) else { return false }
        if memory.contains(value) { return true }
        memory.refresh()
        return memory.contains(value)
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether `value` could be a user-space address on x86-64 or AArch64 Linux: above the
    /// first 4 GB (where a position-independent executable, its heap and its libraries live)
    /// and below 2^47.
    static func looksLikeUserAddress(_ value: UInt64) -> Bool {
        value >= 1 << 32 && value < 1 << 47
    }

    /// The library's writable data, past the part the loader makes read-only after relocation.
    private static func writableData() -> UnsafeMutableRawBufferPointer? {
        guard let library = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_NOLOAD),
              let symbol = dlsym(library, "espeak_Synth"),
              let loaded = LoadedLibrary(containing: symbol) else { return nil }
        let page = UInt(pageSize)
        var start = loaded.writableSegment.lowerBound
        if let relroEnd = loaded.relocationReadOnlyEnd, relroEnd > start { start = relroEnd }
        start = (start + page - 1) / page * page
        let end = loaded.writableSegment.upperBound / 8 * 8
        guard end > start else { return nil }
        return UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: start), count: Int(end - start))
    }
}
