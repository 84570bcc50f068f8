/// A quick look at YAML text before Yams reads it: Yams builds its tree by recursion and expands
/// every alias into a copy, so a file of 100,000 nested `[` overflows the stack and nine levels of
/// ten aliases each (the "billion laughs") fill the memory. Front matter, pipelines, rule files and
/// lexicons are small and flat; anything past these bounds is refused, located, before parsing.
public enum YAMLGuard {
    /// Nesting levels a YAML text may have (indented blocks, `- ` items and flow brackets together).
    public static let maximumDepth = 64
    /// Alias references (`*name`) a YAML text may hold.
    public static let maximumAliases = 100

    /// Why `text` is refused ("is nested more than 64 levels deep"), and where (1-based line and column in characters); nil if it is fine.
    /// The estimate only errs upward: a text it passes cannot nest deeper than the bound.
    public static func problem(in text: String) -> (line: Int, column: Int, message: String)? {
        var indents: [Int] = []  // the open block levels, by indentation
        var flow = 0
        var aliases = 0
        var line = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            let scalars = Array(raw.unicodeScalars)
            var i = 0
            while i < scalars.count, scalars[i] == " " { i += 1 }
            if flow == 0 {
                guard i < scalars.count, scalars[i] != "#", scalars[i] != "\r" else { continue }
                while let last = indents.last, last >= i { indents.removeLast() }
                indents.append(i)
            }
            var quote: Unicode.Scalar?
            var atTokenStart = true
            while i < scalars.count {
                let c = scalars[i]
                defer { i += 1 }
                if let q = quote {
                    if c == q { quote = nil }
                    continue
                }
                switch c {
                case "\"" where atTokenStart:
                    quote = c
                case "'" where atTokenStart:
                    quote = c
                case "#" where atTokenStart:
                    i = scalars.count
                case "[", "{":
                    flow += 1
                case "]", "}":
                    flow = max(0, flow - 1)
                case "-" where atTokenStart && flow == 0 && (i + 1 == scalars.count || scalars[i + 1] == " "):
                    indents.append(i + 1)  // "- - x": each marker opens a level
                case "*" where atTokenStart:
                    aliases += 1
                    if aliases > maximumAliases {
                        return (line, i + 1, "holds more than \(maximumAliases) aliases (`*name`)")
                    }
                default:
                    break
                }
                atTokenStart = c == " " || c == "[" || c == "{" || c == "," || c == ":" || c == "-"
                if indents.count + flow > maximumDepth {
                    return (line, i + 1, "is nested more than \(maximumDepth) levels deep")
                }
            }
        }
        return nil
    }
}
