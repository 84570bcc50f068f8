import ReciteScript
import ReciteXML

/// Walks the SSML element tree and the raw source side by side, building blocks of runs.
struct SSMLWalker {
    let source: SourceText
    var cursor: MarkupCursor
    var blocks: [Block] = []
    var warnings: [Warning] = []
    /// The paragraph being built (explicit `<p>` or text outside any `<p>`).
    var builder: BlockTextBuilder
    var blockStart = 0

    /// Elements whose content is never spoken.
    static let silent: Set<String> = ["desc", "meta", "metadata", "lexicon"]
    /// Elements that only group text, with nothing for Recite to do.
    static let transparent: Set<String> = ["speak", "w", "token", "phoneme", "audio", "say-as"]

    init(source: SourceText) {
        self.source = source
        self.cursor = MarkupCursor(source: source)
        self.builder = BlockTextBuilder(source: source)
    }

    mutating func walkRoot(_ root: XMLElement) throws(DocumentError) {
        var style = RunStyle()
        style.language = root.attributes["xml:lang"]
        try walk(root, style: style)
        flushBlock(end: cursor.position)
    }

    // MARK: - Elements

    mutating func walk(_ element: XMLElement, style parentStyle: RunStyle) throws(DocumentError) {
        let tagStart = cursor.enterElement()
        let selfClosing = cursor.finishStartTag()
        let location = source.location(ofScalar: tagStart)
        var style = parentStyle
        if let lang = element.attributes["xml:lang"] { style.language = lang }

        if element.isVendorExtension {
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<\(element.qualifiedName)> is a vendor extension; its text is read and the element ignored."))
        }

        switch element.name {
        case "p":
            flushBlock(end: tagStart)
            blockStart = cursor.position
            try walkChildren(element, style: style)
            flushBlock(end: cursor.position)
        case "s":
            builder.appendSpace()
            try walkChildren(element, style: style)
            builder.endSentence()
            builder.appendSpace()
        case "break":
            let seconds: Double
            if let time = element.attributes["time"] {
                guard let value = SSMLValues.duration(time) else {
                    throw invalid("time", time, in: element, at: location, expected: "a duration such as 500ms or 1.5s")
                }
                seconds = value
            } else if let strength = element.attributes["strength"] {
                guard let value = SSMLValues.breakStrength(strength) else {
                    throw invalid("strength", strength, in: element, at: location, expected: "none, x-weak, weak, medium, strong or x-strong")
                }
                seconds = value
            } else {
                seconds = SSMLValues.breakStrength("medium")!
            }
            builder.appendPause(seconds, at: tagStart)
        case "mark":
            if let name = element.attributes["name"] { builder.appendMark(name, at: tagStart) }
        case "prosody":
            var prosody = Prosody()
            if let v = element.attributes["rate"] {
                guard let r = SSMLValues.rate(v) else { throw invalid("rate", v, in: element, at: location, expected: "x-slow … x-fast or a percentage such as 80%") }
                prosody.rate = r
            }
            if let v = element.attributes["pitch"] {
                guard let p = SSMLValues.pitch(v) else { throw invalid("pitch", v, in: element, at: location, expected: "x-low … x-high, a percentage, semitones (+2st) or Hz") }
                prosody.pitch = p
            }
            if let v = element.attributes["volume"] {
                guard let p = SSMLValues.volume(v) else { throw invalid("volume", v, in: element, at: location, expected: "silent, x-soft … x-loud, decibels (+6dB) or a percentage") }
                prosody.volume = p
            }
            style.prosody = prosody.nested(in: parentStyle.prosody)
            try walkChildren(element, style: style)
        case "emphasis":
            let level = element.attributes["level"] ?? "moderate"
            guard let emphasis = Emphasis(rawValue: level) else {
                throw invalid("level", level, in: element, at: location, expected: "strong, moderate, none or reduced")
            }
            style.emphasis = emphasis
            try walkChildren(element, style: style)
        case "sub":
            let contentStart = cursor.position
            let contentEnd = selfClosing ? contentStart : cursor.leaveElement()
            if let alias = element.attributes["alias"] {
                builder.appendGenerated(" \(alias)", origin: trimmed(contentStart..<contentEnd), style: style)
            } else {
                var c = contentStart
                builder.appendAligned(element.textContent, cursor: &c, limit: contentEnd, style: style)
            }
            return
        case "say-as":
            let kind = element.attributes["interpret-as"] ?? ""
            if kind == "characters" || kind == "spell-out" { style.spellOut = true }
            try walkChildren(element, style: style)
        case "voice", "lang":
            if let lang = element.attributes["language"] { style.language = lang }
            if let name = element.attributes["name"], !name.isEmpty { style.voiceName = name }
            try walkChildren(element, style: style)
        case _ where Self.silent.contains(element.name):
            break
        default:
            if !Self.transparent.contains(element.name) && !element.isVendorExtension {
                warnings.append(Warning(path: source.path, location: location,
                                        message: "<\(element.name)> is not an SSML element Recite knows; its text is read."))
            }
            try walkChildren(element, style: style)
        }
        if !selfClosing { _ = cursor.leaveElement() }
    }

    mutating func walkChildren(_ element: XMLElement, style: RunStyle) throws(DocumentError) {
        for child in element.children {
            switch child {
            case .element(let e):
                try walk(e, style: style)
            case .text(let text):
                let limit = cursor.textLimit()
                if !text.allSatisfy(\.isWhitespace), builder.isEmpty { blockStart = cursor.position }
                builder.appendAligned(text, cursor: &cursor.position, limit: limit, style: style)
                cursor.position = max(cursor.position, limit)
            case .comment:
                cursor.skipComment()
            case .processingInstruction:
                cursor.skipProcessingInstruction()
            }
        }
    }

    // MARK: - Blocks

    mutating func flushBlock(end: Int) {
        let range = blockStart..<max(blockStart, end)
        let runs = builder.finish(fallback: trimmed(range))
        blockStart = end
        guard runs.contains(where: { $0.spoken != nil || $0.isMark }) else { return }
        blocks.append(Block(kind: .paragraph, source: source.span(scalars: trimmed(range)), runs: runs))
    }

    /// `range` without leading and trailing white space.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, source.scalars[lo].properties.isWhitespace { lo += 1 }
        while hi > lo, source.scalars[hi - 1].properties.isWhitespace { hi -= 1 }
        return lo..<hi
    }

    func invalid(_ attribute: String, _ value: String, in element: XMLElement, at location: SourceLocation,
                 expected: String) -> DocumentError {
        DocumentError(path: source.path, location: location,
                      message: "<\(element.name) \(attribute)=\"\(value)\"> is not a valid value; use \(expected).")
    }
}

extension XMLElement {
    /// `amazon:effect`, `mstts:express-as`: a prefix, declared or not (libxml2 keeps an undeclared
    /// prefix in the name).
    var isVendorExtension: Bool { prefix != nil || name.contains(":") }

    var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }

    /// All the text inside, markup removed.
    var textContent: String {
        children.map {
            switch $0 {
            case .text(let t): t
            case .element(let e): e.textContent
            default: ""
            }
        }.joined()
    }
}

extension Run {
    var isMark: Bool {
        if case .mark = content { return true }
        return false
    }
}
