/// Where a piece of the script came from in its source file.
///
/// `offset` and `length` are UTF-8 byte offsets in the file as it is on disk (for a file in another
/// encoding, bytes of that file); `line` and `column` are 1-based, the column counted in Unicode
/// code points, as the timing schema asks.
public struct SourceSpan: Sendable, Hashable, Codable, CustomStringConvertible {
    public var offset: Int
    public var length: Int
    public var line: Int
    public var column: Int

    public init(offset: Int, length: Int, line: Int, column: Int) {
        self.offset = offset
        self.length = length
        self.line = line
        self.column = column
    }

    /// The end byte offset (exclusive).
    public var end: Int { offset + length }

    public var description: String { "\(line):\(column)+\(offset)..<\(end)" }
}

/// A point in a source file, for diagnostics.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
