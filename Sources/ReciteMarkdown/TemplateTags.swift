import ReciteScript

/// Static-site template tags in Markdown: `{{ … }}`, `{% … %}` and `{# … #}` (Jekyll, Hugo,
/// Pelican, Eleventy). They are code for the site generator, never prose, so they are not read.
enum TemplateTags {
    /// The longest tag looked for; a `{{` with no close within it is left as text.
    static let maximumLength = 2000

    /// Code-point ranges of the template tags in `scalars`.
    static func ranges(in s: [Unicode.Scalar]) -> [Range<Int>] {
        let closers: [Unicode.Scalar: Unicode.Scalar] = ["{": "}", "%": "%", "#": "#"]
        var result: [Range<Int>] = []
        var i = 0
        while i + 1 < s.count {
            guard s[i] == "{", let close = closers[s[i + 1]] else { i += 1; continue }
            var j = i + 2
            let limit = min(s.count - 1, i + maximumLength)
            while j < limit, !(s[j] == close && s[j + 1] == "}") { j += 1 }
            guard j < limit else { i += 2; continue }
            result.append(i..<j + 2)
            i = j + 2
        }
        return result
    }
}

/// Hides parts of a source (front matter, template tags) from cmark without moving anything else:
/// each hidden character becomes as many spaces as it has UTF-8 bytes, so cmark's line and byte
/// column positions stay positions in the real file.
struct HiddenText {
    /// `mask[i]` is true for a hidden code point.
    var mask: [Bool]

    init(count: Int, ranges: [Range<Int>]) {
        mask = [Bool](repeating: false, count: count)
        for range in ranges {
            for i in range.clamped(to: 0..<count) { mask[i] = true }
        }
    }

    /// The source as cmark should see it.
    func visibleText(of source: SourceText) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(source.scalars.count)
        for (i, scalar) in source.scalars.enumerated() {
            if mask[i] && scalar != "\n" {
                for _ in 0..<(source.byteOffsets[i + 1] - source.byteOffsets[i]) { out.append(" ") }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
