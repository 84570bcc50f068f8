import Foundation
import ReciteBuild
import ReciteAudio
import ReciteSynth

/// Chapters encoded for books (`EncodedChapterFile`), kept in the cache folder under a key of
/// what decides their packets: the audio and every encoder setting (`ChapterEncoder.settings`).
/// Like the segment cache: a chapter is encoded once, and every later book and rerun that holds
/// the same audio in the same format copies its packets. Files are written atomically, so a
/// killed run leaves whole chapters or none; a torn or foreign file is encoded again.
struct EncodedChapterStore {
    let folder: URL

    init(cacheFolder: String) {
        folder = URL(fileURLWithPath: cacheFolder).appendingPathComponent("chapters")
        AtomicOutput.removeStalePartials(under: folder)
    }

    /// The key of an article's audio file for `settings`. A FLAC file is known by its
    /// STREAMINFO block (length, rate and the MD5 of its samples, which libFLAC computes while
    /// encoding), read in one small read; another file, or a FLAC without MD5, by its bytes.
    func key(audioFile path: String, settings: String) throws -> String {
        let identity: [UInt8]
        if let streamInfo = Self.flacStreamInfo(path) {
            identity = Array("flac-streaminfo ".utf8) + streamInfo
        } else {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            identity = Array("bytes ".utf8) + SHA256.digest(data)
        }
        return SHA256.hex(Array("recite-chapter-1\n\(settings)\n".utf8) + identity)
    }

    /// The key of `frames` samples of silence at the file's rate.
    func key(silence frames: Int, settings: String) -> String {
        SHA256.hex(Array("recite-chapter-1\n\(settings)\nsilence \(frames)".utf8))
    }

    func path(_ key: String) -> String {
        folder.appendingPathComponent(String(key.prefix(2))).appendingPathComponent(key + ".packets").path
    }

    /// The kept chapter's header, or nil if it is not kept (or not whole).
    func header(_ key: String) -> EncodedChapterFile.Header? { EncodedChapterFile.header(of: path(key)) }

    /// Encodes every chapter not kept yet, `jobs` at a time (FFmpeg's encoders run one per
    /// thread, each on its own chapter), longest first (`sizes`, so that one long chapter does not
    /// finish alone at the end), and returns every chapter's header, in order.
    func ensure(_ chapters: [(key: String, source: ChapterEncoder.Source)], sizes: [Int]? = nil, format: AudioFormat,
                bitRate: Int?, jobs: Int) throws -> [EncodedChapterFile.Header] {
        var headers = chapters.map { header($0.key) }
        let missing = headers.indices.filter { headers[$0] == nil }.sorted { (sizes?[$0] ?? 0) > (sizes?[$1] ?? 0) }
        if !missing.isEmpty {
            let queue = EncodingQueue(count: missing.count)
            DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, missing.count))) { _ in
                while let taken = queue.take() {
                    let index = missing[taken]
                    do {
                        try ChapterEncoder.encode(chapters[index].source, format: format, bitRate: bitRate, jobs: jobs,
                                                  to: path(chapters[index].key))
                    } catch {
                        queue.fail(error)
                    }
                }
            }
            if let failure = queue.failure { throw failure }
        }
        for index in missing {
            guard let kept = header(chapters[index].key) else {
                throw SoundFile.Failure(message: "The chapter encoded into \(path(chapters[index].key)) cannot be read back; check the disk and run again.")
            }
            headers[index] = kept
        }
        return headers.map { $0! }
    }

    // MARK: - What books use

    /// Records the kept chapters a book (by its path) was bound from, for `prune`.
    func recordUse(_ keys: [String], book: String) throws {
        let file = folder.appendingPathComponent("books").appendingPathComponent(SHA256.hex(Array(book.utf8)) + ".keys")
        try AtomicOutput.write(Data((["# " + book] + keys).joined(separator: "\n").utf8 + [10]), to: file.path)
    }

    /// Removes the kept chapters that no book's last bind used (books whose file is gone count no
    /// more); returns how many were removed.
    func prune() throws -> Int {
        let fm = FileManager.default
        var keep = Set<String>()
        let books = folder.appendingPathComponent("books")
        for name in (try? fm.contentsOfDirectory(atPath: books.path)) ?? [] where name.hasSuffix(".keys") {
            let file = books.appendingPathComponent(name)
            let lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            guard let first = lines.first, first.hasPrefix("# "), fm.fileExists(atPath: String(first.dropFirst(2))) else {
                try? fm.removeItem(at: file)
                continue
            }
            keep.formUnion(lines.dropFirst())
        }
        var removed = 0
        for sub in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] where sub.count == 2 {
            let subfolder = folder.appendingPathComponent(sub)
            for name in (try? fm.contentsOfDirectory(atPath: subfolder.path)) ?? [] where name.hasSuffix(".packets") {
                guard !keep.contains(String(name.dropLast(".packets".count))) else { continue }
                try fm.removeItem(at: subfolder.appendingPathComponent(name))
                removed += 1
            }
        }
        return removed
    }

    /// A FLAC file's STREAMINFO block (34 bytes), if it has one with an MD5 of its samples.
    static func flacStreamInfo(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 42), data.count == 42 else { return nil }
        let bytes = [UInt8](data)
        // "fLaC", then the first block's header: type 0 (STREAMINFO), length 34.
        guard bytes[0..<4] == [0x66, 0x4C, 0x61, 0x43], bytes[4] & 0x7F == 0, bytes[5..<8] == [0, 0, 34] else { return nil }
        let streamInfo = Array(bytes[8..<42])
        return streamInfo[18..<34].allSatisfy { $0 == 0 } ? nil : streamInfo
    }
}
