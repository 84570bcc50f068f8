import CLibZip

/// The only file that talks to libzip: a zip archive opened read-only, whose entries are read
/// into memory one at a time, within limits that a hostile archive (a zip bomb, a path that
/// climbs out with `../`, an encrypted entry) cannot get past. Nothing is extracted to disk.
public final class ZipArchive {
    /// What an EPUB may hold: far above any real book (a long novel has a few hundred entries,
    /// each under a few megabytes), far below what would exhaust the machine.
    public struct Limits: Sendable {
        public var entries = 10_000
        /// One entry, uncompressed.
        public var entryBytes = 64 * 1024 * 1024
        /// All the entries read from one archive, uncompressed.
        public var totalBytes = 1024 * 1024 * 1024
        /// Uncompressed size over compressed size, for entries over a megabyte: text compresses
        /// ten times at most; a bomb, thousands.
        public var ratio = 100
        public init() {}
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    private var archive: OpaquePointer?
    public let path: String
    public let limits: Limits
    /// Entry names (as stored) by index.
    public private(set) var names: [String] = []
    private var byName: [String: Int] = [:]
    private var bytesRead = 0

    public init(path: String, limits: Limits = Limits()) throws(Failure) {
        self.path = path
        self.limits = limits
        var code: Int32 = 0
        guard let opened = zip_open(path, ZIP_RDONLY, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw Failure(message: "\(path): not a readable zip archive (\(String(cString: zip_error_strerror(&error)))); an EPUB is a zip file.")
        }
        archive = opened
        let count = zip_get_num_entries(opened, 0)
        guard count >= 0, count <= limits.entries else {
            throw Failure(message: "\(path): the archive holds \(count) entries, more than the \(limits.entries) a book may have.")
        }
        for index in 0..<Int(count) {
            guard let raw = zip_get_name(opened, zip_uint64_t(index), zip_flags_t(ZIP_FL_ENC_GUESS)) else { continue }
            let name = String(cString: raw)
            names.append(name)
            if byName[name] == nil { byName[name] = index }
        }
    }

    deinit {
        if let archive { zip_discard(archive) }
    }

    /// Whether the archive has an entry of this exact name.
    public func contains(_ name: String) -> Bool { byName[name] != nil }

    /// The bytes of the entry `name`, after every check.
    public func read(_ name: String) throws(Failure) -> [UInt8] {
        guard let archive else { throw Failure(message: "\(path): the archive is closed") }
        guard Self.isSafe(name) else {
            throw Failure(message: "\(path): the entry \"\(name)\" has a path that leaves the book (absolute, or with ..); the EPUB is damaged or hostile.")
        }
        guard let index = byName[name] else {
            throw Failure(message: "\(path): the book names \"\(name)\", which it does not contain.")
        }
        var info = zip_stat_t()
        zip_stat_init(&info)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &info) == 0 else {
            throw Failure(message: "\(path): cannot read the entry \"\(name)\": \(String(cString: zip_strerror(archive)))")
        }
        if info.valid & zip_uint64_t(ZIP_STAT_ENCRYPTION_METHOD) != 0, info.encryption_method != UInt16(ZIP_EM_NONE) {
            throw Failure(message: "\(path): \"\(name)\" is encrypted; Recite reads only books without encryption or DRM.")
        }
        let size = Int(clamping: info.size), compressed = Int(clamping: info.comp_size)
        guard size <= limits.entryBytes else {
            throw Failure(message: "\(path): \"\(name)\" is \(size / 1_048_576) MB uncompressed, more than the \(limits.entryBytes / 1_048_576) MB an entry may be.")
        }
        guard size < 1_048_576 || size / max(1, compressed) <= limits.ratio else {
            throw Failure(message: "\(path): \"\(name)\" expands \(size / max(1, compressed)) times; that is a zip bomb, not a book.")
        }
        guard bytesRead + size <= limits.totalBytes else {
            throw Failure(message: "\(path): the book's entries add up to more than \(limits.totalBytes / 1_048_576) MB.")
        }
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw Failure(message: "\(path): cannot open \"\(name)\": \(String(cString: zip_strerror(archive)))")
        }
        defer { zip_fclose(file) }
        // The stated size is the archive's word: read one byte more to catch a lie.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress! + filled, zip_uint64_t($0.count - filled)) }
            guard n >= 0 else { throw Failure(message: "\(path): \"\(name)\" is damaged (its data does not decompress).") }
            if n == 0 { break }
            filled += Int(n)
        }
        guard filled == size else {
            throw Failure(message: "\(path): \"\(name)\" holds \(filled) bytes where the archive says \(size); the EPUB is damaged.")
        }
        bytesRead += size
        bytes.removeLast()
        return bytes
    }

    /// A relative path that stays inside the archive: no leading `/`, no `..` segment, no backslash.
    public static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0") else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
