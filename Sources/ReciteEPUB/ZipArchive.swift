import CLibZip
#if canImport(Glibc)
import Glibc
#endif

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
        try listEntries()
    }

    /// An archive held in memory (`path` names it in messages): a book read from elsewhere than
    /// a file, and the fuzzer's bytes.
    public init(bytes: [UInt8], path: String, limits: Limits = Limits()) throws(Failure) {
        self.path = path
        self.limits = limits
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // libzip reads the buffer in place for the archive's life: it gets a copy of its own.
        let copy = Self.mallocCopy(bytes)
        guard let source = zip_source_buffer_create(copy, zip_uint64_t(bytes.count), 1, &error) else {
            free(copy)
            throw Failure(message: "\(path): cannot read the archive (\(String(cString: zip_error_strerror(&error)))).")
        }
        guard let opened = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw Failure(message: "\(path): not a readable zip archive (\(String(cString: zip_error_strerror(&error)))); an EPUB is a zip file.")
        }
        archive = opened
        try listEntries()
    }

    /// A copy libzip may own: it frees the buffers it is given with `free`. Nil for no bytes:
    /// libzip keeps no fragment of an empty buffer, so it would never free one (a leak the
    /// EPUB fuzzer found).
    private static func mallocCopy(_ bytes: [UInt8]) -> UnsafeMutableRawPointer? {
        guard !bytes.isEmpty, let copy = malloc(bytes.count) else { return nil }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return copy
    }

    private func listEntries() throws(Failure) {
        guard let archive else { return }
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0, count <= limits.entries else {
            throw Failure(message: "\(path): the archive holds \(count) entries, more than the \(limits.entries) a book may have.")
        }
        for index in 0..<Int(count) {
            guard let raw = zip_get_name(archive, zip_uint64_t(index), zip_flags_t(ZIP_FL_ENC_GUESS)) else { continue }
            let name = String(cString: raw)
            names.append(name)
            if byName[name] == nil { byName[name] = index }
        }
    }

    /// An entry to write: its bytes, a file on disk, or an entry of another archive, the last two
    /// read only while libzip writes the archive (so a book's audio and pictures never sit in
    /// memory).
    public struct Entry {
        public enum Content {
            case bytes([UInt8])
            case file(String)
            /// The entry `name` of `archive`, copied as it is stored (compressed data, not inflated).
            case copied(from: ZipArchive, name: String)
        }
        public var name: String
        public var content: Content
        /// Stored rather than deflated: the `mimetype` entry, and what is compressed already.
        public var stored: Bool

        public init(name: String, content: Content, stored: Bool) {
            self.name = name
            self.content = content
            self.stored = stored
        }

        public init(name: String, bytes: [UInt8], stored: Bool) {
            self.init(name: name, content: .bytes(bytes), stored: stored)
        }
    }

    /// A zip archive of `entries`, in order, built in memory (deflated, or stored where asked):
    /// books for tests and fuzzing, written by the same library that reads them.
    public static func archive(of entries: [(name: String, bytes: [UInt8], stored: Bool)]) throws(Failure) -> [UInt8] {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let target = zip_source_buffer_create(nil, 0, 0, &error) else {
            throw Failure(message: "cannot make an archive in memory (\(String(cString: zip_error_strerror(&error)))).")
        }
        // The target outlives the archive, which frees its sources when it closes.
        zip_source_keep(target)
        defer { zip_source_free(target) }
        guard let archive = zip_open_from_source(target, ZIP_TRUNCATE, &error) else {
            throw Failure(message: "cannot make an archive in memory (\(String(cString: zip_error_strerror(&error)))).")
        }
        try add(entries.map { Entry(name: $0.name, bytes: $0.bytes, stored: $0.stored) }, to: archive, named: "an archive in memory")
        guard zip_source_open(target) == 0 else { throw Failure(message: "cannot read back an archive made in memory.") }
        defer { zip_source_close(target) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { zip_source_read(target, $0.baseAddress, zip_uint64_t($0.count)) }
            guard n >= 0 else { throw Failure(message: "cannot read back an archive made in memory.") }
            if n == 0 { break }
            bytes += chunk[..<Int(n)]
        }
        return bytes
    }

    /// Writes a zip archive of `entries`, in order, to `path` (replaced if it exists). Files are
    /// read as they are written, so memory holds the in-memory entries and libzip's buffers only.
    /// libzip writes to a temporary file beside `path` and renames it when it is whole.
    public static func write(_ entries: [Entry], to path: String) throws(Failure) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw Failure(message: "cannot create \(path) (\(String(cString: zip_error_strerror(&error)))).")
        }
        try add(entries, to: archive, named: path)
    }

    /// Adds `entries` to a new archive, then closes it (which writes it) or discards it on failure.
    private static func add(_ entries: [Entry], to archive: OpaquePointer, named target: String) throws(Failure) {
        for entry in entries {
            let source: OpaquePointer?
            switch entry.content {
            case .bytes(let bytes):
                let data = Self.mallocCopy(bytes)
                source = zip_source_buffer(archive, data, zip_uint64_t(bytes.count), 1)
                if source == nil { free(data) }
            case .file(let file):
                // libzip opens the file only when it writes the archive, where its error would not
                // say which entry failed.
                guard access(file, R_OK) == 0 else {
                    let reason = String(cString: strerror(errno))
                    zip_discard(archive)
                    throw Failure(message: "cannot add \"\(entry.name)\" to \(target): cannot read \(file) (\(reason)).")
                }
                source = zip_source_file(archive, file, 0, -1)
            case .copied(let from, let name):
                do {
                    source = try from.compressedSource(name, for: archive)
                } catch {
                    zip_discard(archive)
                    throw error
                }
            }
            guard let source else {
                let message = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw Failure(message: "cannot add \"\(entry.name)\" to \(target): \(message).")
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE))
            guard index >= 0 else {
                zip_source_free(source)
                let message = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw Failure(message: "cannot add \"\(entry.name)\" to \(target): \(message).")
            }
            if case .copied = entry.content {
                // Kept compressed as the source archive has it.
            } else if entry.stored {
                zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0)
            }
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw Failure(message: "cannot write \(target): \(message).")
        }
    }

    /// A source for `target` that copies the entry `name` as stored, after the checks `read`
    /// makes but for the sizes (nothing is inflated). The archive must stay open until `target`
    /// is closed: the entries that hold it keep it.
    fileprivate func compressedSource(_ name: String, for target: OpaquePointer) throws(Failure) -> OpaquePointer? {
        guard let archive else { throw Failure(message: "\(path): the archive is closed") }
        guard Self.isSafe(name) else {
            throw Failure(message: "\(path): the entry \"\(name)\" has a path that leaves the book (absolute, or with ..); the EPUB is damaged or hostile.")
        }
        guard let index = byName[name] else { throw Failure(message: "\(path): the book names \"\(name)\", which it does not contain.") }
        var info = zip_stat_t()
        zip_stat_init(&info)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &info) == 0 else {
            throw Failure(message: "\(path): cannot read the entry \"\(name)\": \(String(cString: zip_strerror(archive)))")
        }
        if info.valid & zip_uint64_t(ZIP_STAT_ENCRYPTION_METHOD) != 0, info.encryption_method != UInt16(ZIP_EM_NONE) {
            throw Failure(message: "\(path): \"\(name)\" is encrypted; Recite reads only books without encryption or DRM.")
        }
        return zip_source_zip(target, archive, zip_uint64_t(index), zip_flags_t(ZIP_FL_COMPRESSED), 0, -1)
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
