import CFFmpeg

/// FLAC frames taken from the articles' files and renumbered for a book (`FLACBookJoiner`), and
/// the frames Recite writes itself there (silence between chapters, an article's short last frame
/// given the 16 samples a frame needs mid-stream). A file's frames count from its own start and
/// only a stream's last may be short, so a joined book is a variable-block-size stream: each
/// frame header says its first sample, and its CRCs are computed again.
enum FLACFrame {
    struct Damaged: Error {}

    /// FLAC's smallest block, but for a stream's last.
    static let minimumBlock = 16

    /// The samples in `frame`, read from its header (nil: not a FLAC frame header).
    static func blockSize(_ frame: UnsafeRawBufferPointer) -> Int? {
        guard let header = try? Header(frame) else { return nil }
        return header.blockSize
    }

    /// `frame` with its header saying it starts at sample `first` of a variable-block-size
    /// stream, appended to `out`. Throws `Damaged` when the frame's CRC does not match its bytes.
    static func renumber(_ frame: UnsafeRawBufferPointer, first: Int, into out: inout [UInt8]) throws(Damaged) {
        let header = try Header(frame)
        guard frame.count > header.length + 2, crc16(frame[..<(frame.count - 2)]) == UInt16(frame[frame.count - 2]) << 8 | UInt16(frame[frame.count - 1])
        else { throw Damaged() }
        let start = out.count
        out += [0xFF, 0xF9, frame[2], frame[3]]
        out += coded(first)
        out += frame[header.numberEnd..<(header.length - 1)]
        out.append(crc8(out[start...]))
        out += frame[header.length..<(frame.count - 2)]
        appendCRC16(&out, from: start)
    }

    /// A frame of `samples` zeros (one CONSTANT subframe) at sample `first` of a mono 16-bit stream.
    static func silence(samples: Int, first: Int, sampleRate: Int, into out: inout [UInt8]) {
        let start = appendHeader(samples: samples, first: first, sampleRate: sampleRate, into: &out)
        out += [0x00, 0x00, 0x00]
        appendCRC16(&out, from: start)
    }

    /// A frame holding `samples` as they are (one VERBATIM subframe), mono 16-bit.
    static func verbatim(_ samples: [Int16], first: Int, sampleRate: Int, into out: inout [UInt8]) {
        let start = appendHeader(samples: samples.count, first: first, sampleRate: sampleRate, into: &out)
        out.append(0x02)
        for sample in samples { out += [UInt8(truncatingIfNeeded: UInt16(bitPattern: sample) >> 8), UInt8(truncatingIfNeeded: sample)] }
        appendCRC16(&out, from: start)
    }

    /// STREAMINFO (34 bytes) of a mono 16-bit stream; the MD5 of the samples is left unknown
    /// (zero), as the FLAC format allows: it would take decoding every chapter.
    static func streamInfo(minBlock: Int, maxBlock: Int, minFrame: Int, maxFrame: Int, sampleRate: Int, samples: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func put(_ value: Int, bytes count: Int) { for i in (0..<count).reversed() { bytes.append(UInt8((value >> (8 * i)) & 0xFF)) } }
        put(minBlock, bytes: 2)
        put(maxBlock, bytes: 2)
        put(minFrame, bytes: 3)
        put(maxFrame, bytes: 3)
        // 20 bits of rate, 3 of channels − 1 (0), 5 of bits per sample − 1 (15), 36 of samples.
        let packed = UInt64(sampleRate) << 44 | UInt64(15) << 36 | UInt64(samples) & 0xF_FFFF_FFFF
        for i in (0..<8).reversed() { bytes.append(UInt8((packed >> (8 * UInt64(i))) & 0xFF)) }
        return bytes + [UInt8](repeating: 0, count: 16)
    }

    // MARK: - Headers

    /// Where a frame header's parts lie.
    struct Header {
        var blockSize: Int
        /// End of the coded frame or sample number.
        var numberEnd: Int
        /// The header's length, its CRC-8 included.
        var length: Int

        init(_ frame: UnsafeRawBufferPointer) throws(Damaged) {
            guard frame.count >= 6, frame[0] == 0xFF, frame[1] & 0xFE == 0xF8 else { throw Damaged() }
            let sizeCode = Int(frame[2] >> 4), rateCode = Int(frame[2] & 0x0F)
            let lead = (~frame[4]).leadingZeroBitCount
            let numberLength = frame[4] < 0x80 ? 1 : lead
            guard numberLength >= 1, numberLength <= 7, lead != 1 else { throw Damaged() }
            numberEnd = 4 + numberLength
            var at = numberEnd
            func take(_ count: Int) throws(Damaged) -> Int {
                guard at + count <= frame.count else { throw Damaged() }
                defer { at += count }
                return (0..<count).reduce(0) { $0 << 8 | Int(frame[at + $1]) }
            }
            switch sizeCode {
            case 1: blockSize = 192
            case 2...5: blockSize = 576 << (sizeCode - 2)
            case 6: blockSize = try take(1) + 1
            case 7: blockSize = try take(2) + 1
            case 8...15: blockSize = 256 << (sizeCode - 8)
            default: throw Damaged()
            }
            switch rateCode {
            case 12: _ = try take(1)
            case 13, 14: _ = try take(2)
            case 15: throw Damaged()
            default: break
            }
            guard at < frame.count, crc8(frame[..<at]) == frame[at] else { throw Damaged() }
            length = at + 1
        }
    }

    /// A header for a frame Recite writes: variable block size, block size in 16 bits, mono, 16-bit.
    private static func appendHeader(samples: Int, first: Int, sampleRate: Int, into out: inout [UInt8]) -> Int {
        let start = out.count
        out += [0xFF, 0xF9, 0x70 | rateCode(sampleRate), 0x08]
        out += coded(first)
        out += [UInt8((samples - 1) >> 8), UInt8((samples - 1) & 0xFF)]
        out.append(crc8(out[start...]))
        return start
    }

    /// The header's code for rates it names; 0 says "as in STREAMINFO".
    private static func rateCode(_ rate: Int) -> UInt8 {
        let codes: [Int: UInt8] = [88_200: 1, 176_400: 2, 192_000: 3, 8_000: 4, 16_000: 5, 22_050: 6, 24_000: 7,
                                   32_000: 8, 44_100: 9, 48_000: 10, 96_000: 11]
        return codes[rate] ?? 0
    }

    /// A sample number as FLAC codes it (UTF-8's scheme, stretched to 36 bits and 7 bytes).
    static func coded(_ value: Int) -> [UInt8] {
        if value < 0x80 { return [UInt8(value)] }
        var count = 2
        while count < 7, value >= 1 << (6 * (count - 1) + 7 - count) { count += 1 }
        var bytes = [UInt8](repeating: 0x80, count: count)
        var rest = value
        for i in (1..<count).reversed() {
            bytes[i] |= UInt8(rest & 0x3F)
            rest >>= 6
        }
        bytes[0] = UInt8(truncatingIfNeeded: 0xFF00 >> count) | UInt8(rest)
        return bytes
    }

    // MARK: - CRCs (libavutil's tables)

    private static var crc8Table: UnsafePointer<AVCRC>? { av_crc_get_table(AV_CRC_8_ATM) }
    private static var crc16Table: UnsafePointer<AVCRC>? { av_crc_get_table(AV_CRC_16_ANSI) }

    static func crc8<C: Collection>(_ bytes: C) -> UInt8 where C.Element == UInt8 {
        UInt8(truncatingIfNeeded: checksum(crc8Table, bytes))
    }

    /// FLAC's CRC-16 (polynomial 0x8005); libavutil's table gives it byte-swapped.
    static func crc16<C: Collection>(_ bytes: C) -> UInt16 where C.Element == UInt8 {
        UInt16(truncatingIfNeeded: checksum(crc16Table, bytes)).byteSwapped
    }

    private static func checksum<C: Collection>(_ table: UnsafePointer<AVCRC>?, _ bytes: C) -> UInt32 where C.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ av_crc(table, 0, $0.baseAddress, $0.count) }) { return crc }
        return Array(bytes).withUnsafeBufferPointer { av_crc(table, 0, $0.baseAddress, $0.count) }
    }

    private static func appendCRC16(_ out: inout [UInt8], from start: Int) {
        let crc = crc16(out[start...])
        out += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
    }
}
