import ReciteXML

/// A parsed page as a flat array of nodes in document order (a parent before its children), so
/// that figures per element (text length, link text, paragraphs) are summed bottom-up in one
/// backward pass, without recursion.
struct HTMLPage {
    struct Node {
        /// Element name (lower case); empty for a text node.
        var name: String
        var attributes: [String: String]
        /// A text node's text (entities decoded).
        var text: String
        var parent: Int
        var children: [Int] = []
        var line: Int
        /// For an element: how many elements of its name come before it (to find its start tag).
        var ordinal = 0
        var depth: Int

        var isText: Bool { name.isEmpty }
        func attribute(_ key: String) -> String? { attributes[key] }
    }

    var nodes: [Node] = []
    /// Index of `<body>` (or of the root when there is none).
    var body = 0
    var head: Int?

    init(_ root: XMLElement) {
        var counts: [String: Int] = [:]
        add(root, parent: -1, depth: 0, counts: &counts)
        body = nodes.indices.first(where: { nodes[$0].name == "body" }) ?? 0
        head = nodes.indices.first(where: { nodes[$0].name == "head" })
    }

    private mutating func add(_ element: XMLElement, parent: Int, depth: Int, counts: inout [String: Int]) {
        let index = nodes.count
        let ordinal = counts[element.name, default: 0]
        counts[element.name] = ordinal + 1
        nodes.append(Node(name: element.name, attributes: element.attributes, text: "", parent: parent,
                          line: element.line, ordinal: ordinal, depth: depth))
        if parent >= 0 { nodes[parent].children.append(index) }
        for child in element.children {
            switch child {
            case .element(let e):
                add(e, parent: index, depth: depth + 1, counts: &counts)
            case .text(let t):
                nodes[index].children.append(nodes.count)
                nodes.append(Node(name: "", attributes: [:], text: t, parent: index, line: element.line, depth: depth + 1))
            default:
                break
            }
        }
    }

    /// The index past the last node of `index`'s subtree.
    func subtreeEnd(_ index: Int) -> Int {
        var k = index
        while let last = nodes[k].children.last { k = last }
        return k + 1
    }

    /// Whether `node` lies inside `ancestor` (or is it).
    func isInside(_ node: Int, _ ancestor: Int) -> Bool {
        var k = node
        while k >= 0 {
            if k == ancestor { return true }
            k = nodes[k].parent
        }
        return false
    }

    /// The text inside a node, with its text nodes joined as they are.
    func text(of index: Int) -> String {
        var s = ""
        for k in index..<subtreeEnd(index) where nodes[k].isText { s += nodes[k].text }
        return s
    }

    /// The first element named `name` inside `index`.
    func first(_ name: String, in index: Int) -> Int? {
        (index..<subtreeEnd(index)).first { nodes[$0].name == name }
    }
}
