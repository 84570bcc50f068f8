import Foundation

/// The base URL the feed's links start from, checked: an absolute `http` or `https` URL with a
/// host, so that every enclosure a podcast app fetches resolves.
public struct FeedAddress: Sendable, Equatable {
    /// Ends with `/`.
    public let base: String

    /// Nil when `text` is not an absolute http(s) URL with a host; `problem(with:)` says why.
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        base = text.hasSuffix("/") ? text : text + "/"
    }

    /// What is wrong with `text` as a base URL, in words; nil when it will do.
    public static func problem(with text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return "\"\(text)\" is not a URL"
        }
        guard scheme == "http" || scheme == "https" else { return "\"\(text)\" is not an http or https URL" }
        guard let host = components.host, !host.isEmpty else { return "\"\(text)\" has no host" }
        guard components.query == nil, components.fragment == nil else { return "\"\(text)\" has a query or fragment" }
        return nil
    }

    /// The absolute URL of `relative` (a path under the output folder, `/`-separated), each
    /// segment percent-encoded: `a b/c&d.mp3` becomes `BASE/a%20b/c%26d.mp3`.
    public func url(of relative: String) -> String {
        base + relative.split(separator: "/", omittingEmptySubsequences: true).map(Self.encode).joined(separator: "/")
    }

    /// Unreserved characters (RFC 3986) stay; everything else, UTF-8 byte by byte, is `%XX`.
    static func encode(_ segment: Substring) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
