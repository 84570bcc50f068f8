import CFFmpeg
import Foundation

/// The block size of each Vorbis packet, read by libavcodec's Vorbis parser. A packet decodes
/// by overlapping its block with the one before: it yields (previous + own block size) / 4
/// samples, and a stream's first packet none. So chapters encoded apart join into one stream
/// when each chapter's first packet is given the samples its overlap with the chapter before
/// yields (`EncodedChapterFile.Header.lead`): both halves are silence there, the end of a
/// chapter's padding and the start of the next one's pause.
final class VorbisBlocks {
    private var parser: OpaquePointer?
    /// The stream's two block sizes, from its identification header.
    let short: Int
    let long: Int

    /// nil when `extradata` is not a Vorbis setup (the three headers, Xiph-laced).
    init?(extradata: Data) {
        let bytes = [UInt8](extradata), mark: [UInt8] = [0x01] + Array("vorbis".utf8)
        // The identification header: its byte 28 holds log2 of the short and long block sizes.
        guard let at = bytes.indices.first(where: { bytes.count >= $0 + 30 && Array(bytes[$0..<($0 + 7)]) == mark }) else { return nil }
        short = 1 << Int(bytes[at + 28] & 0x0F)
        long = 1 << Int(bytes[at + 28] >> 4)
        parser = bytes.withUnsafeBufferPointer { av_vorbis_parse_init($0.baseAddress, Int32($0.count)) }
        guard parser != nil, short < long else { return nil }
    }

    deinit { av_vorbis_parse_free(&parser) }

    /// `packet`'s block size. The parser, reset to a short block before, gives a short packet
    /// (short + short) / 4 samples and a long one more (its window's own previous size + long) / 4.
    func size(of packet: UnsafeRawBufferPointer) -> Int? {
        guard let bytes = packet.bindMemory(to: UInt8.self).baseAddress, packet.count > 0 else { return nil }
        av_vorbis_parse_reset(parser)
        let samples = av_vorbis_parse_frame(parser, bytes, Int32(packet.count))
        guard samples > 0 else { return nil }
        return Int(samples) == short / 2 ? short : long
    }
}
