import CSndFile
import Foundation
import ReciteSystem

/// The only file that talks to libsndfile: writes and reads 16-bit mono PCM, and reads any
/// file libsndfile knows (WAV, FLAC …) as floating-point frames for clips.
public enum SoundFile {
    /// The linked libsndfile ("libsndfile-1.2.0"), for `recite --version`.
    public static var libraryVersion: String { String(cString: sf_version_string()) }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// What is known of an audio file without reading its samples.
    public struct Info: Sendable, Equatable {
        public var frames: Int
        public var sampleRate: Int
        public var channels: Int
        public var duration: Double { Double(frames) / Double(sampleRate) }
    }

    /// Writes `samples` as a 16-bit PCM WAV file at `path` (replacing nothing: callers write to a
    /// temporary path and rename, see `AtomicOutput`).
    public static func writeWAV(_ samples: [Int16], sampleRate: Int, to path: String) throws(Failure) {
        let writer = try SoundWriter(path: path, sampleRate: sampleRate)
        try writer.write(samples)
        try writer.close()
    }

    /// The title tag of an audio file, if it has one (an M4B's through FFmpeg's libraries).
    public static func title(of path: String) -> String? {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else { return MediaProbe.title(of: path) }
        defer { sf_close(file) }
        return sf_get_string(file, Int32(SF_STR_TITLE)).map { String(cString: $0) }
    }

    /// Reads the header of an audio file (an M4B's through FFmpeg's libraries).
    public static func info(of path: String) throws(Failure) -> Info {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            if let probed = MediaProbe.info(of: path) { return probed }
            throw Failure(message: "Cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        return Info(frames: Int(info.frames), sampleRate: Int(info.samplerate), channels: Int(info.channels))
    }

    /// Reads a file's interleaved frames as floating-point samples in -1…1, whatever its format.
    public static func readFloats(_ path: String) throws(Failure) -> (samples: [Float], channels: Int, sampleRate: Int) {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw Failure(message: "Cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        var samples = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
        let count = samples.withUnsafeMutableBufferPointer { sf_read_float(file, $0.baseAddress, sf_count_t($0.count)) }
        return (Array(samples.prefix(Int(count))), Int(info.channels), Int(info.samplerate))
    }

    /// Writes interleaved floating-point frames as a 16-bit WAV or FLAC file (chosen by the
    /// extension), at any rate and channel count: for tests and tools that make clips.
    public static func writeClip(_ samples: [Float], channels: Int, sampleRate: Int, to path: String) throws(Failure) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        let major = path.lowercased().hasSuffix(".flac") ? SF_FORMAT_FLAC : SF_FORMAT_WAV
        info.format = Int32(major | SF_FORMAT_PCM_16)
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw Failure(message: "Cannot write \(path): \(String(cString: sf_strerror(nil)))")
        }
        let written = samples.withUnsafeBufferPointer { sf_write_float(file, $0.baseAddress, sf_count_t($0.count)) }
        sf_close(file)
        guard written == samples.count else { throw Failure(message: "Cannot write \(path): the disk may be full") }
    }

    /// Reads a mono file's 16-bit samples a chunk at a time, handing each to `body`; returns the
    /// number of frames. Memory is one chunk, whatever the file's length. `start` and `frames`
    /// read a stretch of the file only (its first `frames` samples from `start`).
    public static func stream(_ path: String, chunk: Int = 65_536, from start: Int = 0, frames: Int? = nil,
                              _ body: ([Int16]) throws -> Void) throws -> Int {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw Failure(message: "Cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        guard info.channels == 1 else { throw Failure(message: "\(path) is not mono") }
        if start > 0, sf_seek(file, sf_count_t(start), SEEK_SET) != sf_count_t(start) {
            throw Failure(message: "Cannot read \(path) from sample \(start): \(String(cString: sf_strerror(file)))")
        }
        var buffer = [Int16](repeating: 0, count: chunk)
        var total = 0
        while true {
            let wanted = min(chunk, (frames ?? Int.max) - total)
            guard wanted > 0 else { break }
            let count = Int(buffer.withUnsafeMutableBufferPointer { sf_read_short(file, $0.baseAddress, sf_count_t(wanted)) })
            guard count > 0 else { break }
            try body(count == chunk ? buffer : Array(buffer.prefix(count)))
            total += count
        }
        return total
    }

    /// Reads a mono file's samples as 16-bit integers.
    public static func readSamples(_ path: String) throws(Failure) -> [Int16] {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw Failure(message: "Cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        var samples = [Int16](repeating: 0, count: Int(info.frames) * Int(info.channels))
        let count = samples.withUnsafeMutableBufferPointer { sf_read_short(file, $0.baseAddress, sf_count_t($0.count)) }
        return Array(samples.prefix(Int(count)))
    }
}

/// The audio formats Recite writes: through libsndfile (Debian's build has them all), and M4B
/// (AAC-LC in MP4, for audiobook players) through FFmpeg's libraries.
public enum AudioFormat: String, Sendable, CaseIterable, Codable {
    case wav, flac, ogg, opus, mp3, m4b

    public var fileExtension: String { rawValue }

    /// libsndfile's major format and encoding.
    var sndfileFormat: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        case .m4b: 0  // FFmpeg's (`MediaEncoder`)
        }
    }

    /// The rate the file is written at: Opus takes only 8, 12, 16, 24 or 48 kHz, so speech at
    /// 22,050 Hz goes in at 24,000; the others keep the voice's rate.
    public func fileRate(for sampleRate: Int) -> Int {
        guard self == .opus, ![8000, 12000, 16000, 24000, 48000].contains(sampleRate) else { return sampleRate }
        return sampleRate <= 24000 ? 24000 : 48000
    }
}

/// Tags, cover and chapters, written where the format carries them: title, artist and album in
/// every format (WAV INFO chunk, FLAC and Ogg comments, MP3 and MP4 tags); the rest, a book's,
/// in the compressed formats, which FFmpeg's libraries then write (`MediaEncoder`).
public struct AudioMetadata: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var year: String?
    public var genre: String?
    public var comment: String?
    public var cover: CoverArt?
    public var chapters: [ChapterMark] = []

    public init(title: String? = nil, artist: String? = nil, album: String? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
    }

    /// Whether anything beyond libsndfile's title, artist and album is to be written.
    var needsRichTags: Bool {
        !chapters.isEmpty || cover != nil || [albumArtist, year, genre, comment].contains { $0 != nil }
    }
}

/// Writes 16-bit mono audio piece by piece in any `AudioFormat`, so a long document never sits
/// in memory whole. `close()` must be called for a complete file; a writer dropped without it
/// closes the file, which the caller then discards (see `AtomicOutput`).
public final class SoundWriter {
    private var file: OpaquePointer?
    fileprivate var handle: OpaquePointer? { file }
    public let path: String
    public let format: AudioFormat
    /// The rate of the samples written (the file's own may differ: Opus is always 48 kHz).
    public let sampleRate: Int
    /// Frames given to `write` (at the voice's rate, whatever the file's).
    public private(set) var frames = 0
    private let resampler: StreamingResampler?
    /// The WAV's own descriptor and the room reserved for it; nil for other formats.
    private var reservation: DiskReservation?
    /// Where libsndfile's writes of a WAV go; kept alive as long as the file is open.
    private var sink: DirectSoundSink?

    /// Set when FFmpeg's libraries write the file (M4B, or a book's chapters and cover).
    private var encoder: MediaEncoder?

    /// `bitRate` (bits per second) is for the files FFmpeg encodes; nil takes the format's default.
    public init(path: String, sampleRate: Int, format: AudioFormat = .wav,
                metadata: AudioMetadata = AudioMetadata(), bitRate: Int? = nil) throws(SoundFile.Failure) {
        let fileRate = format.fileRate(for: sampleRate)
        self.path = path
        self.format = format
        self.sampleRate = sampleRate
        resampler = fileRate == sampleRate ? nil : StreamingResampler(from: sampleRate, to: fileRate)
        if format == .m4b || (format != .wav && metadata.needsRichTags) {
            encoder = try MediaEncoder(path: path, format: format, sampleRate: fileRate, bitRate: bitRate, metadata: metadata)
            reservation = nil
            sink = nil
            return
        }
        var info = SF_INFO()
        info.samplerate = Int32(fileRate)
        info.channels = 1
        info.format = format.sndfileFormat
        // A WAV's size follows from its frames, so its disk space is reserved ahead, and its audio
        // goes past the page cache (`DirectSoundSink`, libsndfile's virtual I/O); other formats
        // are opened by libsndfile.
        let opened: OpaquePointer?
        if format == .wav {
            let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw SoundFile.Failure(message: "Cannot write \(path): \(String(cString: strerror(errno)))")
            }
            reservation = DiskReservation(fd: fd)
            let sink = DirectSoundSink(fd: fd)
            self.sink = sink
            var io = DirectSoundSink.virtualIO
            opened = sf_open_virtual(&io, Int32(SFM_WRITE), &info, Unmanaged.passUnretained(sink).toOpaque())
            if opened == nil { Glibc.close(fd) }
        } else {
            reservation = nil
            sink = nil
            opened = sf_open(path, Int32(SFM_WRITE), &info)
        }
        guard let file = opened else {
            throw SoundFile.Failure(message: "Cannot write \(path) as \(format.rawValue): \(String(cString: sf_strerror(nil)))")
        }
        self.file = file
        for (kind, value) in [(SF_STR_TITLE, metadata.title), (SF_STR_ARTIST, metadata.artist), (SF_STR_ALBUM, metadata.album)] {
            if let value, !value.isEmpty { sf_set_string(file, Int32(kind), value) }
        }
    }

    /// The most frames a WAV holds: its sizes are 32-bit, and past 4 GB libsndfile writes a
    /// header that readers take for a much shorter file (tried: 4.6 GB read back as 2 hours).
    static let wavFrameLimit = (Int(UInt32.max) - 4096) / 2
    /// `wavFrameLimit`, lowered by tests.
    var frameLimit = SoundWriter.wavFrameLimit

    public func write(_ samples: [Int16]) throws(SoundFile.Failure) {
        if let encoder {
            guard !samples.isEmpty else { return }
            let floats = samples.map { Float($0) / 32768 }
            try encoder.write(resampler.map { $0.process(floats) } ?? floats)
            frames += samples.count
            return
        }
        guard file != nil, !samples.isEmpty else { return }
        if format == .wav, frames + samples.count > frameLimit {
            let hours = Self.wavFrameLimit / (sampleRate * 3600)
            throw SoundFile.Failure(message: "The audio is longer than a WAV file can hold (4 GB, \(hours) hours at "
                                    + "\(sampleRate) Hz); write it with --format flac, ogg, opus or mp3, or split the document.")
        }
        if let resampler {
            try writeFloats(resampler.process(samples.map { Float($0) / 32768 }))
        } else {
            try writeShorts(samples)
        }
        frames += samples.count
    }

    /// Writes `count` samples of silence, a second at a time.
    public func writeSilence(_ count: Int) throws(SoundFile.Failure) {
        var left = count
        while left > 0 {
            let chunk = min(left, Self.silence.count)
            try write(chunk == Self.silence.count ? Self.silence : Array(Self.silence[..<chunk]))
            left -= chunk
        }
    }

    private static let silence = [Int16](repeating: 0, count: 48_000)

    private func writeShorts(_ samples: [Int16]) throws(SoundFile.Failure) {
        guard let file, !samples.isEmpty else { return }
        // The header is under 100 bytes until the cue chunk, which comes at close.
        reservation?.ensure(upTo: 4096 + (frames + samples.count) * 2)
        let written = samples.withUnsafeBufferPointer { sf_write_short(file, $0.baseAddress, sf_count_t($0.count)) }
        guard written == samples.count else {
            throw SoundFile.Failure(message: "Cannot write \(path): the disk may be full")
        }
    }

    private func writeFloats(_ samples: [Float]) throws(SoundFile.Failure) {
        guard let file, !samples.isEmpty else { return }
        let written = samples.withUnsafeBufferPointer { sf_write_float(file, $0.baseAddress, sf_count_t($0.count)) }
        guard written == samples.count else {
            throw SoundFile.Failure(message: "Cannot write \(path): the disk may be full")
        }
    }

    public func close() throws(SoundFile.Failure) {
        // A compressed file with no audio is no file to its readers (libsndfile writes a FLAC of
        // zero bytes): a document with nothing to say (an EPUB part's empty opening) gets one
        // silent sample, 45 µs, so it reads back as an empty stretch of its format.
        if frames == 0, format != .wav, file != nil || encoder != nil { try write([0]) }
        if let encoder {
            if let resampler { try encoder.write(resampler.finish()) }
            self.encoder = nil
            try encoder.finish()
            return
        }
        if let resampler { try writeFloats(resampler.finish()) }
        guard let file else { return }
        self.file = nil
        let closed = sf_close(file) == 0
        let finished = closeDescriptor()
        guard closed, finished else {
            throw SoundFile.Failure(message: "Cannot finish \(path): the disk may be full")
        }
    }

    /// Writes the WAV's header block, gives back the room reserved past the file's end, and
    /// closes the WAV's descriptor.
    private func closeDescriptor() -> Bool {
        guard let reservation else { return true }
        self.reservation = nil
        let written = sink?.close() ?? true
        sink = nil
        guard written else {
            _ = Glibc.close(reservation.fd)
            return false
        }
        var status = stat()
        if fstat(reservation.fd, &status) == 0 { reservation.release(keeping: Int(status.st_size)) }
        return Glibc.close(reservation.fd) == 0
    }

    deinit {
        if let file { sf_close(file) }
        _ = closeDescriptor()
    }
}

/// A labelled point in a WAV file: where a chapter starts.
public struct CuePoint: Sendable, Equatable {
    public var frame: Int
    public var label: String

    public init(frame: Int, label: String) {
        self.frame = frame
        self.label = label
    }
}

extension SoundWriter {
    /// Sets the cue points written with the file (libsndfile's `cue ` chunk). Their labels are
    /// added by `WAVLabels.append` once the file is closed: libsndfile writes no label chunk.
    public func setCues(_ cues: [CuePoint]) throws(SoundFile.Failure) {
        guard let file = handle, !cues.isEmpty else { return }
        // SF_CUES_VAR(n): a count, then n points; built by hand for any n.
        let pointSize = MemoryLayout<SF_CUE_POINT>.stride
        let size = MemoryLayout<UInt32>.stride.roundedUp(to: MemoryLayout<SF_CUE_POINT>.alignment) + pointSize * cues.count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        raw.storeBytes(of: UInt32(cues.count), as: UInt32.self)
        let points = (raw + MemoryLayout<UInt32>.stride.roundedUp(to: MemoryLayout<SF_CUE_POINT>.alignment)).bindMemory(to: SF_CUE_POINT.self, capacity: cues.count)
        for (i, cue) in cues.enumerated() {
            var point = SF_CUE_POINT()
            point.indx = Int32(i + 1)
            point.position = UInt32(clamping: cue.frame)
            point.fcc_chunk = 0x6174_6164  // "data"
            point.sample_offset = UInt32(clamping: cue.frame)
            points[i] = point
        }
        guard sf_command(file, Int32(SFC_SET_CUE), raw, Int32(size)) == SF_TRUE else {
            throw SoundFile.Failure(message: "Cannot write cue points to \(path)")
        }
    }
}

/// Appends a `LIST`/`adtl` chunk of `labl` entries to a finished WAV file, naming its cue points
/// (1-based, in order), and fixes the RIFF size: where players and editors read chapter names.
public enum WAVLabels {
    public static func append(_ labels: [String], to path: String) throws(SoundFile.Failure) {
        guard !labels.isEmpty else { return }
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var body = Array("adtl".utf8)
        for (i, label) in labels.enumerated() {
            var text = Array(label.utf8) + [0]
            let size = 4 + text.count
            if text.count % 2 == 1 { text.append(0) }
            body += Array("labl".utf8) + le32(size) + le32(i + 1) + text
        }
        let chunk = Array("LIST".utf8) + le32(body.count) + body
        guard let handle = FileHandle(forUpdatingAtPath: path) else {
            throw SoundFile.Failure(message: "Cannot open \(path) to label its chapters")
        }
        defer { try? handle.close() }
        do {
            let end = try handle.seekToEnd()
            if end % 2 == 1 { try handle.write(contentsOf: Data([0])) }
            try handle.write(contentsOf: Data(chunk))
            let total = try handle.seekToEnd()
            try handle.seek(toOffset: 4)
            try handle.write(contentsOf: Data(le32(Int(total) - 8)))
        } catch {
            throw SoundFile.Failure(message: "Cannot label the chapters of \(path): \(error.localizedDescription)")
        }
    }

    /// The labels of a WAV file's `labl` chunks, by cue id (for checks).
    public static func read(_ path: String) -> [Int: String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        let bytes = [UInt8](data)
        func le32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        var labels: [Int: String] = [:]
        var at = 12
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self), size = le32(at + 4)
            if id == "LIST", at + 12 <= bytes.count, String(decoding: bytes[at + 8..<at + 12], as: UTF8.self) == "adtl" {
                var sub = at + 12
                while sub + 8 <= min(bytes.count, at + 8 + size) {
                    let subID = String(decoding: bytes[sub..<sub + 4], as: UTF8.self), subSize = le32(sub + 4)
                    if subID == "labl", sub + 12 <= bytes.count {
                        let text = bytes[(sub + 12)..<min(bytes.count, sub + 8 + subSize)].prefix { $0 != 0 }
                        labels[le32(sub + 8)] = String(decoding: text, as: UTF8.self)
                    }
                    sub += 8 + subSize + subSize % 2
                }
            }
            at += 8 + size + size % 2
        }
        return labels
    }
}

private extension Int {
    func roundedUp(to alignment: Int) -> Int { (self + alignment - 1) / alignment * alignment }
}
