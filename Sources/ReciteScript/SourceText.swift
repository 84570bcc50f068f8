/// A source file decoded once into code points, with the byte offset of each one.
///
/// Parsers align the text they extract back onto this array, and every span they report is
/// converted here, in one place, from code-point indexes to file bytes, lines and columns.
public struct SourceText: Sendable {
    /// The path as the user gave it (used in diagnostics and sidecars).
    public let path: String
    /// The raw bytes of the file.
    public let bytes: [UInt8]
    /// The decoded code points.
    public let scalars: [Unicode.Scalar]
    /// `byteOffsets[i]` is the offset of `scalars[i]` in `bytes`; one extra entry holds `bytes.count`.
    public let byteOffsets: [Int]
    /// Index in `scalars` of the first code point of each line.
    public let lineStarts: [Int]
    /// Whether the file was decoded as UTF-8 (then any run of its code points is a run of its
    /// bytes, and text is cut from the bytes).
    private let isUTF8: Bool

    public enum Encoding: Sendable { case utf8, latin1 }

    public struct DecodingError: Error, Sendable {
        public let location: SourceLocation
        public let byteOffset: Int
    }

    /// Decodes `bytes` (UTF-8 unless told otherwise); a UTF-8 byte order mark is skipped.
    public init(path: String, bytes: [UInt8], encoding: Encoding = .utf8) throws(DecodingError) {
        self.path = path
        self.bytes = bytes
        isUTF8 = encoding == .utf8
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count + 1)
        switch encoding {
        case .latin1:
            for (i, b) in bytes.enumerated() {
                scalars.append(Unicode.Scalar(b))
                offsets.append(i)
            }
        case .utf8:
            var i = 0
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            while i < bytes.count {
                guard let (scalar, width) = Self.decodeUTF8(bytes, at: i) else {
                    let line = scalars.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                    let column = scalars.count - (scalars.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
                    throw DecodingError(location: SourceLocation(line: line, column: column), byteOffset: i)
                }
                scalars.append(scalar)
                offsets.append(i)
                i += width
            }
        }
        offsets.append(bytes.count)
        var starts = [0]
        for (i, s) in scalars.enumerated() where s == "\n" { starts.append(i + 1) }
        self.scalars = scalars
        self.byteOffsets = offsets
        self.lineStarts = starts
    }

    /// A file decoded by its reader (an HTML page in Shift_JIS, UTF-16 or windows-1252):
    /// `scalars[i]` was read from the bytes at `byteOffsets[i]`, and `byteOffsets` has one more
    /// entry, `bytes.count`. The offsets must rise.
    public init(path: String, bytes: [UInt8], scalars: [Unicode.Scalar], byteOffsets: [Int]) {
        precondition(byteOffsets.count == scalars.count + 1, "one byte offset per code point, and the end")
        self.path = path
        self.bytes = bytes
        self.isUTF8 = false
        self.scalars = scalars
        self.byteOffsets = byteOffsets
        var starts = [0]
        for (i, s) in scalars.enumerated() where s == "\n" { starts.append(i + 1) }
        self.lineStarts = starts
    }

    /// Convenience for tests and in-memory documents.
    public init(path: String, text: String) {
        // A Swift String is valid UTF-8, so decoding cannot fail.
        try! self.init(path: path, bytes: Array(text.utf8))
    }

    private static func decodeUTF8(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = b[i]
        let (width, initial): (Int, UInt32)
        switch b0 {
        case 0x00...0x7F: return (Unicode.Scalar(b0), 1)
        case 0xC2...0xDF: (width, initial) = (2, UInt32(b0 & 0x1F))
        case 0xE0...0xEF: (width, initial) = (3, UInt32(b0 & 0x0F))
        case 0xF0...0xF4: (width, initial) = (4, UInt32(b0 & 0x07))
        default: return nil
        }
        guard i + width <= b.count else { return nil }
        var value = initial
        for k in 1..<width {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        let minimum: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, width)
    }

    // MARK: - Positions

    /// The 1-based line and column (in code points) of the code point at `index`.
    public func location(ofScalar index: Int) -> SourceLocation {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + 1, column: index - lineStarts[lo] + 1)
    }

    /// The span of the code points `range`.
    public func span(scalars range: Range<Int>) -> SourceSpan {
        let lower = max(0, min(range.lowerBound, scalars.count))
        let upper = max(lower, min(range.upperBound, scalars.count))
        let loc = location(ofScalar: lower)
        return SourceSpan(offset: byteOffsets[lower], length: byteOffsets[upper] - byteOffsets[lower],
                          line: loc.line, column: loc.column)
    }

    /// The code-point index of a 1-based line and a 1-based column counted in UTF-8 bytes, as cmark
    /// reports them; clamped into the file.
    public func scalarIndex(line: Int, byteColumn: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return scalars.count }
        // Found by binary search, not by walking the line: a pasted book may be one line.
        let start = lineStarts[line - 1]
        let lineEnd = line < lineStarts.count ? lineStarts[line] - 1 : scalars.count
        let target = byteOffsets[start] + max(0, byteColumn - 1)
        return min(max(start, scalarIndex(atByte: target)), lineEnd)
    }

    /// The index of the first code point that starts at or after byte `offset` (binary search).
    public func scalarIndex(atByte offset: Int) -> Int {
        var lo = 0, hi = scalars.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if byteOffsets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The code-point index of the start of a 1-based line.
    public func scalarIndex(line: Int) -> Int {
        guard line >= 1 else { return 0 }
        return line <= lineStarts.count ? lineStarts[line - 1] : scalars.count
    }

    /// The text of code points `range`.
    public func text(scalars range: Range<Int>) -> String {
        let range = range.clamped(to: 0..<scalars.count)
        if isUTF8 {
            // The bytes were checked to be UTF-8 when decoded: the same text, without building it
            // a scalar at a time.
            return String(decoding: bytes[byteOffsets[range.lowerBound]..<byteOffsets[range.upperBound]], as: UTF8.self)
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[range.clamped(to: 0..<scalars.count)])
        return String(s)
    }

    /// The text of the bytes of `span`, decoded the way the file was.
    /// The stitcher asks this for every word, so the start is found by binary search.
    public func text(of span: SourceSpan) -> String {
        let lo = scalarIndex(atByte: span.offset)
        guard lo < scalars.count else { return "" }
        var hi = lo
        while hi < scalars.count, byteOffsets[hi] < span.end { hi += 1 }
        return text(scalars: lo..<hi)
    }
}
