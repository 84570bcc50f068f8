/// Paths inside an EPUB's container.
enum ZipPath {
    /// The folder of an entry, with its trailing slash ("" at the top).
    static func folder(of entry: String) -> String {
        guard let slash = entry.lastIndex(of: "/") else { return "" }
        return String(entry[...slash])
    }

    /// A relative URL from a document in `folder` to `entry`, path segments percent-encoded.
    static func relative(from folder: String, to entry: String) -> String {
        let from = folder.split(separator: "/").map(String.init)
        var to = entry.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        to.removeFirst(common)
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to.map(encode)).joined(separator: "/")
    }

    private static func encode(_ segment: String) -> String {
        guard segment != ".." else { return segment }
        var allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@"
        allowed = String(allowed)
        var out = ""
        for byte in segment.utf8 {
            if byte < 0x80, allowed.utf8.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
