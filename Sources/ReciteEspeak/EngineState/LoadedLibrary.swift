import CDynamicLinker

/// Where a loaded shared library keeps its writable data, asked of the dynamic loader
/// (`dl_iterate_phdr`): the program headers it loaded the library by, already in memory, and the
/// address it loaded it at. The only file that imports the loader's interface.
struct LoadedLibrary {
    /// The writable `PT_LOAD` segment in memory (`.data` and `.bss`), as addresses.
    var writableSegment: Range<UInt>
    /// Where `PT_GNU_RELRO` ends (the part of the writable segment the loader makes read-only
    /// after relocation), if the library has one.
    var relocationReadOnlyEnd: UInt?

    /// The library that holds `address` (one of its functions), if it has a writable segment.
    init?(containing address: UnsafeRawPointer) {
        var search = Search(target: UInt(bitPattern: address))
        _ = withUnsafeMutablePointer(to: &search) { pointer in
            dl_iterate_phdr({ info, _, context in
                guard let info, let search = context?.assumingMemoryBound(to: Search.self) else { return 0 }
                return search.pointee.inspect(info.pointee) ? 1 : 0  // 1 stops the walk
            }, pointer)
        }
        guard let found = search.found else { return nil }
        self = found
    }

    /// The walk's state, handed to the loader's callback through its context pointer.
    private struct Search {
        let target: UInt
        var found: LoadedLibrary?

        /// Looks at one loaded object; true once it is the one that holds the target address.
        mutating func inspect(_ object: dl_phdr_info) -> Bool {
            guard let headers = object.dlpi_phdr else { return false }
            var holdsTarget = false
            var writable: Range<UInt>?
            var relroEnd: UInt?
            for header in UnsafeBufferPointer(start: headers, count: Int(object.dlpi_phnum)) {
                let start = UInt(object.dlpi_addr) + UInt(header.p_vaddr)
                let segment = start ..< start + UInt(header.p_memsz)
                switch header.p_type {
                case UInt32(PT_LOAD):
                    if segment.contains(target) { holdsTarget = true }
                    if header.p_flags & UInt32(PF_W) != 0 { writable = segment }
                case UInt32(PT_GNU_RELRO):
                    relroEnd = segment.upperBound
                default:
                    break
                }
            }
            guard holdsTarget else { return false }
            found = writable.map { LoadedLibrary(writableSegment: $0, relocationReadOnlyEnd: relroEnd) }
            return true
        }
    }

    private init(writableSegment: Range<UInt>, relocationReadOnlyEnd: UInt?) {
        self.writableSegment = writableSegment
        self.relocationReadOnlyEnd = relocationReadOnlyEnd
    }
}
