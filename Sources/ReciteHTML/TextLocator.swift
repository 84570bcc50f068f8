import ReciteCmarkGFM
import ReciteScript

/// Finds every text node of a page in its source, in document order: where its first character
/// is, so that a builder can align it from there with the markup hidden.
///
/// Every text node is located, read or not, so that the search for the next one starts where the
/// last one ended and never matches the same letters in text that was left out.
struct TextLocator {
    /// Code-point index where each text node's first non-space character was found, by node
    /// index; nil for nodes of white space only or not found.
    var starts: [Int: Int] = [:]
    /// Where each located text node ends (after its last character found).
    var ends: [Int: Int] = [:]

    init(page: HTMLPage, source: [Unicode.Scalar], hidden: [Bool]) {
        var cursor = 0
        let n = source.count
        // The end of the run of hidden code points each one is in, so markup is jumped over.
        var hiddenEnd = [Int32](repeating: 0, count: n)
        var end = n
        for j in stride(from: n - 1, through: 0, by: -1) {
            if hidden[j] { hiddenEnd[j] = Int32(end) } else { end = j }
        }
        // A stylesheet's text (kept for `StyleRules`) is never the page's text, and is not in it as such.
        for (index, node) in page.nodes.enumerated() where node.isText && (node.parent < 0 || page.nodes[node.parent].name != "style") {
            var first: Int?
            var misses = 0
            var skipped: ArraySlice<Unicode.Scalar> = []
            for scalar in node.text.unicodeScalars where !scalar.isWhiteSpace {
                if skipped.first == scalar {
                    skipped = skipped.dropFirst()
                    continue
                }
                skipped = []
                // The first character may lie past much markup; later ones lie close.
                let window = first == nil ? 1 << 20 : 64
                var j = cursor
                var visible = 0
                var found: Int?
                while j < n, visible < window {
                    if hidden[j] { j = Int(hiddenEnd[j]); continue }
                    let c = source[j]
                    if c == "&", let (decoded, length) = CharacterReferences.html5.reference(in: source, at: j, end: n) {
                        if decoded.first == scalar {
                            found = j + length
                            // The other code points of a reference that stands for several are in it.
                            if decoded.count > 1 { skipped = decoded.dropFirst() }
                            break
                        }
                        j += length
                        visible += 1
                        continue
                    }
                    if c == scalar { found = j + 1; break }
                    if !c.isWhiteSpace { visible += 1 }
                    if first == nil, visible > 2000 { break }
                    j += 1
                }
                if let found {
                    if first == nil { first = j }
                    cursor = found
                } else {
                    misses += 1
                    if first == nil || misses > 8 { break }
                }
            }
            if let first {
                starts[index] = first
                ends[index] = cursor
            }
        }
    }

}
