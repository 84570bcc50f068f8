/// The one decoder of character references (`&amp;`, `&#233;`, `&eacute;`), with the table given
/// by whoever builds it: the script model depends on no C library, so HTML5's 2,231 names come
/// from cmark-gfm's wrapper (`CharacterReferences.html5` in ReciteMarkdown), and only XML's five
/// predefined names are known here (enough for SSML, whose parser defines no others).
///
/// Alignment asks it what the reference at a place stands for; display text (the sidecar's,
/// captions', the read-along page's) is decoded with it.
public struct CharacterReferences: Sendable {
    /// What the reference whose body (the bytes after `&`) starts `bytes` stands for, and how
    /// many of those bytes it takes (its `;` included); nil when it is none.
    public typealias Lookup = @Sendable (_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, length: Int)?

    private let lookup: Lookup

    public init(lookup: @escaping Lookup) {
        self.lookup = lookup
    }

    /// The longest body looked at: HTML5's longest name (`CounterClockwiseContourIntegral`) is
    /// 31 letters, a decimal reference to U+10FFFF 9 characters.
    public static let maximumBody = 32

    /// XML's predefined references and numeric ones, decoded here.
    public static let xml = CharacterReferences { bytes in
        guard let semicolon = bytes.prefix(maximumBody + 1).firstIndex(of: UInt8(ascii: ";")), semicolon > 0 else { return nil }
        let body = String(decoding: bytes[..<semicolon], as: UTF8.self)
        let text: String?
        switch body {
        case "amp": text = "&"
        case "lt": text = "<"
        case "gt": text = ">"
        case "quot": text = "\""
        case "apos": text = "'"
        default:
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                text = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if body.hasPrefix("#") {
                text = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                text = nil
            }
        }
        return text.map { ($0, semicolon + 1) }
    }

    /// The reference starting with the `&` at `index` of `scalars` (looked at up to `end`): the
    /// code points it stands for and its length in code points; nil when it is none.
    public func reference(in scalars: [Unicode.Scalar], at index: Int, end: Int) -> (scalars: [Unicode.Scalar], length: Int)? {
        var body: [UInt8] = []
        var k = index + 1
        // References are ASCII: the body is cut at the first other code point.
        while k < min(end, index + 1 + Self.maximumBody + 1), scalars[k].isASCII {
            body.append(UInt8(scalars[k].value))
            if scalars[k] == ";" { break }
            k += 1
        }
        guard !body.isEmpty, let found = body.withUnsafeBufferPointer(lookup), found.length <= body.count else { return nil }
        return (Array(found.text.unicodeScalars), found.length + 1)
    }

    /// The reference whose body (what follows its `&`) starts `body`: what it stands for and
    /// the length of the body it takes, in characters (a reference is ASCII).
    public func reference(startingWith body: Substring) -> (text: String, length: Int)? {
        var bytes = Array(body.utf8.prefix(Self.maximumBody + 1))
        if let other = bytes.firstIndex(where: { $0 >= 0x80 }) { bytes.removeSubrange(other...) }
        return bytes.withUnsafeBufferPointer(lookup)
    }

    /// `text` with every reference decoded; what is not one stays as written.
    public func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        bytes.withUnsafeBufferPointer { all in
            while i < all.count {
                if all[i] == UInt8(ascii: "&"),
                   let found = lookup(UnsafeBufferPointer(rebasing: all[(i + 1)...])) {
                    out.append(contentsOf: found.text.utf8)
                    i += 1 + found.length
                } else {
                    out.append(all[i])
                    i += 1
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
