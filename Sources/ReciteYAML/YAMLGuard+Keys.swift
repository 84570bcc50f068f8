import ReciteScript
import Yams

/// YAML that Yams parses but cannot turn into Swift values: its `Any` reading puts every mapping
/// in a dictionary and force-unwraps each key as hashable, so a key that is itself a mapping or
/// a list (`? {a: 1}`, `[a, b]: c`, an alias of either) stops the process. The fuzzer found it in
/// a Markdown file's front matter. Every reader of YAML goes through `load` or `checkedNode`.
extension YAMLGuard {
    /// Why `yaml` is refused, as `problem(in:)` says it, or because a key is no scalar.
    public struct Refusal: Error, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// The parsed tree of `yaml` (nil when it is empty), refused with its place when a mapping's
    /// key is a mapping or a list. Call `problem(in:)` first: it bounds what Yams will parse.
    public static func checkedNode(_ yaml: String) throws -> Node? {
        guard let node = try Yams.compose(yaml: yaml) else { return nil }
        if let key = firstComplexKey(in: node, depth: 0) {
            throw Refusal(line: key.mark?.line ?? 1, column: key.mark?.column ?? 1,
                          message: "has a key that is a mapping or a list; keys must be plain words or numbers")
        }
        return node
    }

    /// `yaml` read as Swift values (dictionaries, arrays, strings, numbers, dates), as
    /// `Yams.load` reads it, without its crash on a key that is no scalar.
    public static func load(_ yaml: String) throws -> Any? {
        try checkedNode(yaml)?.any
    }

    private static func firstComplexKey(in node: Node, depth: Int) -> Node? {
        guard depth <= maximumDepth else { return nil }
        switch node {
        case .scalar:
            return nil
        case .sequence(let items):
            for item in items { if let key = firstComplexKey(in: item, depth: depth + 1) { return key } }
            return nil
        case .mapping(let pairs):
            for (key, value) in pairs {
                guard case .scalar = key else { return key }
                if let inner = firstComplexKey(in: value, depth: depth + 1) { return inner }
            }
            return nil
        }
    }
}
