import CSndFile
import Foundation

/// The only file that talks to libsndfile: writes and reads 16-bit mono PCM, and reads any
/// file libsndfile knows (WAV, FLAC …) as floating-point frames for clips.
public enum SoundFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
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
        let writer = try WAVWriter(path: path, sampleRate: sampleRate)
        try writer.write(samples)
        try writer.close()
    }

    /// Reads the header of an audio file.
    public static func info(of path: String) throws(Failure) -> Info {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
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

/// Writes a 16-bit mono WAV file piece by piece, so a long document never sits in memory whole.
/// `close()` must be called for a complete file; a writer dropped without it closes the file,
/// which the caller then discards (see `AtomicOutput`).
public final class WAVWriter {
    private var file: OpaquePointer?
    public let path: String
    public private(set) var frames = 0

    public init(path: String, sampleRate: Int) throws(SoundFile.Failure) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw SoundFile.Failure(message: "Cannot write \(path): \(String(cString: sf_strerror(nil)))")
        }
        self.file = file
        self.path = path
    }

    public func write(_ samples: [Int16]) throws(SoundFile.Failure) {
        guard let file, !samples.isEmpty else { return }
        let written = samples.withUnsafeBufferPointer { sf_write_short(file, $0.baseAddress, sf_count_t($0.count)) }
        guard written == samples.count else {
            throw SoundFile.Failure(message: "Cannot write \(path): the disk may be full")
        }
        frames += samples.count
    }

    public func close() throws(SoundFile.Failure) {
        guard let file else { return }
        self.file = nil
        guard sf_close(file) == 0 else {
            throw SoundFile.Failure(message: "Cannot finish \(path): the disk may be full")
        }
    }

    deinit {
        if let file { sf_close(file) }
    }
}
