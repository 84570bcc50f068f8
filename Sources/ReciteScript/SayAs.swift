/// An SSML `<say-as>` request, as written: what the text is (`interpret-as`) and how it is
/// written (`format`, `detail`). The parser records it; the normalization stage reads it.
public struct SayAs: Sendable, Hashable {
    /// `cardinal`, `date`, `telephone` … (lower case; `number` is kept as written).
    public var interpretAs: String
    /// `mdy`, `hms12` …; nil when absent.
    public var format: String?
    public var detail: String?

    public init(interpretAs: String, format: String? = nil, detail: String? = nil) {
        self.interpretAs = interpretAs
        self.format = format
        self.detail = detail
    }

    /// The `interpret-as` values Recite reads (others are read as plain text, with a warning).
    public static let knownTypes: Set<String> = [
        "characters", "spell-out", "verbatim", "cardinal", "number", "ordinal", "digits", "fraction",
        "unit", "date", "time", "telephone", "currency", "expletive", "bleep",
    ]

    /// The types said letter by letter, by eSpeak NG's own `say-as characters`.
    public static let spelledTypes: Set<String> = ["characters", "spell-out", "verbatim"]

    public var isSpelled: Bool { Self.spelledTypes.contains(interpretAs) }

    /// `interpret-as="date" format="dmy"` as it would be written.
    public var description: String {
        var text = "say-as=\(interpretAs)"
        if let format { text += "/\(format)" }
        if let detail { text += "/\(detail)" }
        return text
    }
}
