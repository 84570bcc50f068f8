import ReciteScript

/// Seconds of silence after each kind of block: longer after a heading than after a paragraph.
public struct PausePlan: Sendable, Equatable, Codable {
    public var title: Double
    public var heading: Double
    public var paragraph: Double
    public var listItem: Double
    public var quote: Double
    public var tableCell: Double
    public var code: Double

    public init(title: Double = 1.0, heading: Double = 0.8, paragraph: Double = 0.6, listItem: Double = 0.4,
                quote: Double = 0.6, tableCell: Double = 0.3, code: Double = 0.6) {
        self.title = title
        self.heading = heading
        self.paragraph = paragraph
        self.listItem = listItem
        self.quote = quote
        self.tableCell = tableCell
        self.code = code
    }

    public func after(_ kind: Block.Kind) -> Double {
        switch kind {
        case .title: title
        case .heading: heading
        case .paragraph: paragraph
        case .listItem: listItem
        case .quote: quote
        case .tableCell: tableCell
        case .code: code
        }
    }
}
