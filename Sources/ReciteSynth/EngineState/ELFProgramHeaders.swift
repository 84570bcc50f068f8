import Foundation

/// The two program headers of a 64-bit little-endian ELF shared library that say where its
/// writable data is: the writable `PT_LOAD` segment and `PT_GNU_RELRO` (the part of it the loader
/// makes read-only after relocation). Addresses are relative to the library's load address.
struct ELFProgramHeaders {
    /// The writable segment in memory, `.bss` included.
    var writableSegment: (start: UInt64, end: UInt64)?
    var relocationReadOnlyEnd: UInt64?

    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 64), header.count == 64,
              header.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]),
              header[4] == 2 /* 64-bit */, header[5] == 1 /* little-endian */ else { return nil }
        let tableOffset = Self.integer(header, at: 0x20, size: 8)
        let entrySize = Int(Self.integer(header, at: 0x36, size: 2))
        let count = Int(Self.integer(header, at: 0x38, size: 2))
        guard entrySize >= 56, count > 0, count < 256,
              (try? handle.seek(toOffset: tableOffset)) != nil,
              let table = try? handle.read(upToCount: entrySize * count), table.count == entrySize * count else { return nil }
        for index in 0..<count {
            let entry = table.subdata(in: index * entrySize ..< (index + 1) * entrySize)
            let type = Self.integer(entry, at: 0, size: 4)
            let flags = Self.integer(entry, at: 4, size: 4)
            let address = Self.integer(entry, at: 16, size: 8)
            let memorySize = Self.integer(entry, at: 40, size: 8)
            if type == 1 /* PT_LOAD */ && flags & 2 /* PF_W */ != 0 {
                writableSegment = (address, address + memorySize)
            } else if type == 0x6474_E552 /* PT_GNU_RELRO */ {
                relocationReadOnlyEnd = address + memorySize
            }
        }
    }

    private static func integer(_ data: Data, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<size).reversed() { value = value << 8 | UInt64(data[data.startIndex + offset + i]) }
        return value
    }
}
