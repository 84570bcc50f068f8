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
    /// Where `<audio src>` and `<lexicon uri>` may point.
    let resources: LocalResource
    let isPlayableAudio: SSMLParser.AudioCheck
    /// Lexicon files to load, in document order.
    var lexicons: [String] = []
    /// Local files the output depends on (see `SSMLParser.Result.dependencies`).
    var dependencies: [String] = []

    /// Elements whose content is never spoken.
    static let silent: Set<String> = ["desc", "meta", "metadata"]
    /// Elements that only group text, with nothing for Recite to do.
    static let transparent: Set<String> = ["speak", "lookup"]

    init(source: SourceText, resources: LocalResource, isPlayableAudio: @escaping SSMLParser.AudioCheck) {
        self.source = source
        self.cursor = MarkupCursor(source: source)
        self.builder = BlockTextBuilder(source: source)
        self.resources = resources
        self.isPlayableAudio = isPlayableAudio
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
        case "p", "paragraph":
            flushBlock(end: tagStart)
            blockStart = cursor.position
            try walkChildren(element, style: style)
            flushBlock(end: cursor.position)
        case "s", "sentence":
            builder.appendSpace()
            try walkChildren(element, style: style)
            builder.endSentence()
            builder.appendSpace()
        case "break":
            builder.appendPause(try breakSeconds(element, at: location), at: tagStart)
        case "mark":
            if let name = element.attributes["name"] { builder.appendMark(name, at: tagStart) }
        case "prosody":
            style.prosody = try prosody(element, at: location).nested(in: parentStyle.prosody)
            try walkChildren(element, style: style)
        case "emphasis":
            let level = (element.attributes["level"] ?? "moderate").trimmingCharacters(in: .whitespaces).lowercased()
            guard let emphasis = Emphasis(rawValue: level) else {
                throw invalid("level", level, in: element, at: location, expected: "strong, moderate, none or reduced")
            }
            style.emphasis = emphasis
            try walkChildren(element, style: style)
        case "sub":
            let contentStart = cursor.position
            let contentEnd = selfClosing ? contentStart : skipContent(of: element)
            if let alias = element.attributes["alias"] {
                builder.appendGenerated(" \(alias)", origin: trimmed(contentStart..<contentEnd), style: style)
            } else {
                var c = contentStart
                builder.appendAligned(element.textContent, cursor: &c, limit: contentEnd, style: style)
            }
            return
        case "say-as":
            if try sayAs(element, style: style, at: location, selfClosing: selfClosing) { return }
        case "phoneme":
            if try phoneme(element, style: style, at: location, selfClosing: selfClosing) { return }
        case "token", "w":
            // A token is a word of its own: in languages written without spaces (the Chinese
            // example of SSML 1.1, 3.1.8.2) its edges are the only word boundaries there are.
            builder.appendSpace()
            try walkChildren(element, style: style)
            if !selfClosing { _ = cursor.leaveElement() }
            if cursor.position < source.scalars.count, Self.startsWord(source.scalars[cursor.position]) {
                builder.appendSpace()
            }
            return
        case "voice", "lang":
            try voice(element, style: &style, at: location)
            try walkChildren(element, style: style)
        case "audio":
            if try audio(element, style: style, tagStart: tagStart, at: location, selfClosing: selfClosing) { return }
        case "lexicon":
            lexicon(element, at: location)
            // An inline lexicon (as some engines accept) is not read; its content is skipped so
            // that later text is still found at its bytes.
            if !selfClosing { skipChildren(of: element) }
        case _ where Self.silent.contains(element.name):
            if !selfClosing { skipChildren(of: element) }
        default:
            if !Self.transparent.contains(element.name) && !element.isVendorExtension {
                warnings.append(Warning(path: source.path, location: location,
                                        message: "<\(element.name)> is not an SSML element Recite knows; its text is read."))
            }
            try walkChildren(element, style: style)
        }
        if !selfClosing { _ = cursor.leaveElement() }
    }

    /// True for a character that would otherwise run on into the token before it (a letter,
    /// digit or ideograph); punctuation after a token stays attached to it.
    static func startsWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
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

    /// Moves the cursor past an element's content without reading it (a `<desc>`, an `<audio>`
    /// whose file is played instead), so that later text is still found at its bytes.
    mutating func skipChildren(of element: XMLElement) {
        for child in element.children {
            switch child {
            case .element(let e):
                _ = cursor.enterElement()
                if !cursor.finishStartTag() {
                    skipChildren(of: e)
                    _ = cursor.leaveElement()
                }
            case .text:
                cursor.position = max(cursor.position, cursor.textLimit())
            case .comment:
                cursor.skipComment()
            case .processingInstruction:
                cursor.skipProcessingInstruction()
            }
        }
    }

    /// Skips the content and the end tag of the element just entered; returns where the end tag starts.
    mutating func skipContent(of element: XMLElement) -> Int {
        skipChildren(of: element)
        return cursor.leaveElement()
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
}

extension Run {
    var isMark: Bool {
        if case .mark = content { return true }
        return false
    }
}
