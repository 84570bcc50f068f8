extension Unicode.Scalar {
    /// Unicode's White_Space, answered for ASCII without the property lookup, which costs a
    /// table search per scalar: text is mostly ASCII, and this is asked of every scalar.
    public var isWhiteSpace: Bool {
        switch value {
        case 0x09...0x0D, 0x20: true
        case 0..<0x80: false
        default: properties.isWhitespace
        }
    }
}
