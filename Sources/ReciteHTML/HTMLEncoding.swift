import Foundation
import ReciteScript

/// Finds a page's character encoding and decodes it into code points, keeping the byte offset of
/// every one, so that a word read from a Shift_JIS or windows-1252 page still points at its bytes.
///
/// The order is the one browsers follow: a byte order mark, then a `<meta charset>` or
/// `<meta http-equiv="Content-Type">` in the first kilobytes, then UTF-8 if the bytes are valid
/// UTF-8, else windows-1252.
enum HTMLEncoding {
    /// The encoding to decode `bytes` with, and how many bytes of byte order mark to skip.
    static func sniff(_ bytes: [UInt8]) -> (label: String, bom: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
        if let declared = declaredCharset(bytes) {
            let label = canonical(declared)
            // A page that says UTF-16 without a byte order mark was read as ASCII to find that out:
            // browsers take it as UTF-8.
            return (label.hasPrefix("utf-16") ? "utf-8" : label, 0)
        }
        return (String(validating: bytes, as: UTF8.self) != nil ? "utf-8" : "windows-1252", 0)
    }

    /// The charset a `<meta>` in the first 4 KiB names.
    static func declaredCharset(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(4096).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self).lowercased()
        var rest = Substring(head)
        while let meta = rest.range(of: "<meta") {
            let tag = rest[meta.upperBound...].prefix(while: { $0 != ">" })
            if let found = tag.range(of: "charset") {
                var value = tag[found.upperBound...].drop(while: { $0 == " " })
                if value.first == "=" {
                    value = value.dropFirst().drop(while: { $0 == " " || $0 == "\"" || $0 == "'" })
                    let name = value.prefix(while: { !" \"';/>".contains($0) })
                    if !name.isEmpty { return String(name) }
                }
            }
            rest = rest[meta.upperBound...]
        }
        return nil
    }

    /// WHATWG's reading of common labels: Latin-1 and ASCII mean windows-1252.
    static func canonical(_ label: String) -> String {
        switch label.lowercased() {
        case "utf8", "utf-8", "unicode-1-1-utf-8": "utf-8"
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252", "x-cp1252": "windows-1252"
        case "shift-jis", "sjis", "x-sjis", "ms_kanji": "shift_jis"
        case "gb2312", "x-gbk": "gbk"
        default: label.lowercased()
        }
    }

    /// The code points of `bytes` and the byte offset of each (plus `bytes.count` at the end).
    /// Bytes that do not decode become U+FFFD, one each: a page is never refused for them.
    static func decode(_ bytes: [UInt8], label: String, bom: Int) -> (scalars: [Unicode.Scalar], offsets: [Int], label: String) {
        switch label {
        case "utf-8":
            let (s, o) = decodeUTF8(bytes, from: bom)
            return (s, o, label)
        case "windows-1252":
            let (s, o) = decodeWindows1252(bytes)
            return (s, o, label)
        default:
            if let (s, o) = decodeWithIconv(bytes, label: label, from: bom) { return (s, o, label) }
            // An encoding this system cannot convert: the same guess as for an undeclared page.
            let fallback = String(validating: bytes, as: UTF8.self) != nil ? "utf-8" : "windows-1252"
            return decode(bytes, label: fallback, bom: 0)
        }
    }

    static func decodeUTF8(_ b: [UInt8], from start: Int) -> ([Unicode.Scalar], [Int]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(b.count)
        offsets.reserveCapacity(b.count + 1)
        var i = start
        while i < b.count {
            let b0 = b[i]
            if b0 < 0x80 {
                scalars.append(Unicode.Scalar(b0))
                offsets.append(i)
                i += 1
                continue
            }
            var width = 0, value: UInt32 = 0
            switch b0 {
            case 0xC2...0xDF: (width, value) = (2, UInt32(b0 & 0x1F))
            case 0xE0...0xEF: (width, value) = (3, UInt32(b0 & 0x0F))
            case 0xF0...0xF4: (width, value) = (4, UInt32(b0 & 0x07))
            default: break
            }
            var ok = width > 0 && i + width <= b.count
            if ok {
                for k in 1..<width {
                    guard b[i + k] & 0xC0 == 0x80 else { ok = false; break }
                    value = value << 6 | UInt32(b[i + k] & 0x3F)
                }
            }
            let minimum: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
            if ok, value >= minimum, let scalar = Unicode.Scalar(value) {
                scalars.append(scalar)
                offsets.append(i)
                i += width
            } else {
                scalars.append("\u{FFFD}")
                offsets.append(i)
                i += 1
            }
        }
        offsets.append(b.count)
        return (scalars, offsets)
    }

    /// windows-1252's characters for bytes 0x80…0x9F; the other bytes are their Latin-1 selves.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    static func decodeWindows1252(_ b: [UInt8]) -> ([Unicode.Scalar], [Int]) {
        let scalars = b.map { byte -> Unicode.Scalar in
            (0x80...0x9F).contains(byte) ? Unicode.Scalar(high[Int(byte) - 0x80])! : Unicode.Scalar(byte)
        }
        return (scalars, Array(0...b.count))
    }

    /// Decodes through the C library's iconv one character at a time (an output buffer of one
    /// UTF-32 code unit), which tells exactly how many bytes each character took.
    static func decodeWithIconv(_ bytes: [UInt8], label: String, from start: Int) -> ([Unicode.Scalar], [Int])? {
        let converter = iconv_open("UTF-32LE", label.uppercased())
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(bytes.count)
        var input = bytes
        input.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var i = start
            var unit: UInt32 = 0
            while i < buffer.count {
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(base + i).assumingMemoryBound(to: CChar.self)
                var inLeft = buffer.count - i
                var outLeft = 4
                let converted = withUnsafeMutableBytes(of: &unit) { out -> Bool in
                    var outPointer: UnsafeMutablePointer<CChar>? = out.baseAddress!.assumingMemoryBound(to: CChar.self)
                    _ = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return outLeft == 0
                }
                let used = buffer.count - i - inLeft
                if converted, used > 0, let scalar = Unicode.Scalar(UInt32(littleEndian: unit)) {
                    scalars.append(scalar)
                    offsets.append(i)
                    i += used
                } else if used > 0 && !converted {
                    // A shift sequence that produced nothing yet: it belongs to the next character.
                    i += used
                } else {
                    scalars.append("\u{FFFD}")
                    offsets.append(i)
                    i += 1
                    // Reset the shift state after a byte that did not decode.
                    _ = iconv(converter, nil, nil, nil, nil)
                }
            }
        }
        offsets.append(bytes.count)
        return (scalars, offsets)
    }
}
