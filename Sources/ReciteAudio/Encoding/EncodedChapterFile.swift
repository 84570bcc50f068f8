import Foundation
import ReciteSystem

/// A chapter's audio kept as the encoder's packets, so a book is bound by copying them
/// (`BookRemuxer`) instead of encoding its audio again. The file is the packets in order, each
/// `size` and `duration` (little-endian 32-bit) then its bytes, followed by the header as JSON,
/// its length and an end mark: the header comes last because the count is known only then, and a
/// file without its end mark is not a whole chapter.
public enum EncodedChapterFile {
    static let startMark = Array("RCPK".utf8)
    static let endMark = Array("RCPE".utf8)

    /// What a remux needs to know of the packets, and what checks the file is whole.
    public struct Header: Codable, Sendable, Equatable {
        /// The book format the packets are for (`m4b`: AAC, `opus`, `mp3`).
        public var format: AudioFormat
        /// FFmpeg's encoder name and the codec's setup bytes (AAC's AudioSpecificConfig, Opus's
        /// OpusHead), as the container's stream needs them.
        public var encoder: String
        public var extradata: Data
        public var sampleRate: Int
        public var bitRate: Int
        /// Samples per packet.
        public var frameSize: Int
        /// The encoder's delay (AAC priming, Opus pre-skip) in samples: sample `s` of the input
        /// is sample `delay + s` of the decoded packets.
        public var delay: Int
        public var packets: Int
        public var packetBytes: Int
        /// The decoded length of all packets, in samples: every packet counts a whole frame.
        public var length: Int
        /// The samples that were encoded (at `sampleRate`), before padding to whole frames.
        public var inputFrames: Int
        /// Vorbis: the first and last packets' block sizes (`VorbisBlocks`); nil for codecs
        /// whose packets are whole frames.
        public var firstBlock: Int?
        public var lastBlock: Int?

        /// The samples this chapter's first packet yields after `previous`'s last in one stream,
        /// beyond its own count (`length`): a Vorbis stream's first packet yields none, but after
        /// another chapter it yields their overlap, silence at both ends. Zero for other codecs.
        public func lead(after previous: Header?) -> Int {
            guard let previous, let first = firstBlock, let last = previous.lastBlock else { return 0 }
            return (last + first) / 4
        }
    }

    // MARK: - Writing

    /// Writes packets a buffer at a time; `finish` adds the header.
    public final class Writer {
        private let fd: Int32
        private let path: String
        private var buffer: [UInt8] = []
        private(set) var packets = 0
        private(set) var packetBytes = 0
        private(set) var length = 0

        public init(path: String) throws(SoundFile.Failure) {
            self.path = path
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw SoundFile.Failure(message: "Cannot write \(path): \(String(cString: strerror(errno))); check the cache folder's permissions.")
            }
            buffer.reserveCapacity(1 << 20)
            buffer += startMark
        }

        deinit { close(fd) }

        public func append(_ bytes: UnsafeRawBufferPointer, duration: Int) throws(SoundFile.Failure) {
            buffer += le32(bytes.count) + le32(duration)
            buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
            packets += 1
            packetBytes += bytes.count
            length += duration
            if buffer.count >= 1 << 20 { try flush() }
        }

        /// Writes the header (its counts from the packets written) and the end mark.
        public func finish(_ header: Header) throws(SoundFile.Failure) {
            var header = header
            header.packets = packets
            header.packetBytes = packetBytes
            header.length = length
            let json = (try? JSONEncoder().encode(header)) ?? Data()
            buffer += Array(json) + le32(json.count) + endMark
            try flush()
        }

        private func flush() throws(SoundFile.Failure) {
            let written = buffer.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
            guard written else { throw SoundFile.Failure(message: "Cannot write \(path): the disk may be full") }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    // MARK: - Reading

    /// The header of a whole file, or nil for a file that is missing, torn or not one of these.
    public static func header(of path: String) -> Header? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        guard size >= 16, let tail = read(fd, at: size - 8, count: 8), Array(tail[4...]) == endMark else { return nil }
        let jsonLength = Int(tail[0]) | Int(tail[1]) << 8 | Int(tail[2]) << 16 | Int(tail[3]) << 24
        guard jsonLength > 0, jsonLength < size - 12, let json = read(fd, at: size - 8 - jsonLength, count: jsonLength),
              let header = try? JSONDecoder().decode(Header.self, from: Data(json)),
              4 + header.packetBytes + 8 * header.packets + jsonLength + 8 == size,
              read(fd, at: 0, count: 4) == startMark else { return nil }
        return header
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : nil
    }

    /// Calls `body` with each packet's bytes and duration, in order, reading a megabyte at a time.
    public static func forEachPacket(_ path: String, header: Header,
                                     _ body: (UnsafeRawBufferPointer, Int) throws(SoundFile.Failure) -> Void) throws(SoundFile.Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SoundFile.Failure(message: "Cannot read the kept chapter \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let end = 4 + header.packetBytes + 8 * header.packets
        var chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { chunk.deallocate() }
        var offset = 4, seen = 0
        func torn() -> SoundFile.Failure {
            SoundFile.Failure(message: "The kept chapter \(path) is damaged; delete it and run again to encode it anew.")
        }
        while offset < end {
            let got = pread(fd, chunk.baseAddress, min(chunk.count, end - offset), off_t(offset))
            guard got > 0 else { throw torn() }
            var at = 0
            while at + 8 <= got {
                let size = Int(chunk.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                let duration = Int(chunk.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self).littleEndian)
                guard at + 8 + size <= end - offset else { throw torn() }
                if at + 8 + size > got {
                    // A packet larger than the buffer: grow it and read again from this packet.
                    if at == 0 {
                        chunk.deallocate()
                        chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunk.count * 2, size + 8), alignment: 8)
                    }
                    break
                }
                try body(UnsafeRawBufferPointer(rebasing: chunk[(at + 8)..<(at + 8 + size)]), duration)
                seen += 1
                at += 8 + size
            }
            offset += at
        }
        guard seen == header.packets else { throw torn() }
    }
}

private func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
