/// The UAX #29 Word_Break class of a code point, derived from its general category and script
/// ranges, since Swift does not expose Word_Break itself. The lists of punctuation are the
/// property's own (MidLetter, MidNum, MidNumLet), which are short and stable.
enum WordBreakClass: Equatable {
    case cr, lf, newline
    case extend, format, zwj
    case aLetter, hebrewLetter, numeric, katakana, extendNumLet
    case midLetter, midNum, midNumLet, singleQuote, doubleQuote
    case space, regionalIndicator, other

    init(_ s: Unicode.Scalar) {
        // ASCII from a table (built by the general rule below): most text is ASCII, and asking
        // Unicode for a scalar's properties is what word breaking spent its time on.
        if s.value < 0x80 {
            self = Self.ascii[Int(s.value)]
        } else {
            self = Self.classify(s)
        }
    }

    private static let ascii: [WordBreakClass] = (0..<0x80).map { classify(Unicode.Scalar(UInt8($0))) }

    private static func classify(_ s: Unicode.Scalar) -> WordBreakClass {
        let v = s.value
        switch v {
        case 0x0D: return .cr
        case 0x0A: return .lf
        case 0x0B, 0x0C, 0x85, 0x2028, 0x2029: return .newline
        case 0x200D: return .zwj
        case 0x27: return .singleQuote
        case 0x22: return .doubleQuote
        case 0x3A, 0xB7, 0x387, 0x55F, 0x5F4, 0x2027, 0xFE13, 0xFE55, 0xFF1A: return .midLetter
        case 0x2E, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumLet
        case 0x2C, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x66C, 0x7F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54,
             0xFF0C, 0xFF1B: return .midNum
        case 0x202F: return .extendNumLet
        case 0x1F1E6...0x1F1FF: return .regionalIndicator
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF9D:
            return .katakana
        case 0x05D0...0x05EA, 0x05EF...0x05F2, 0xFB1D...0xFB4F: return .hebrewLetter
        default: break
        }
        let p = s.properties
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .extend
        case .format: return .format
        case .decimalNumber: return .numeric
        case .connectorPunctuation: return .extendNumLet
        case .spaceSeparator: return .space
        default:
            // Ideographs and Hiragana are words of one character each (Other); letters of every
            // other script are ALetter.
            if p.isAlphabetic && !p.isIdeographic && !(0x3040...0x309F).contains(v) {
                return .aLetter
            } else {
                return .other
            }
        }
    }

    var isLineBreak: Bool { self == .cr || self == .lf || self == .newline }
    var isIgnorable: Bool { self == .extend || self == .format || self == .zwj }
    var isAHLetter: Bool { self == .aLetter || self == .hebrewLetter }
    /// MidLetter or MidNumLetQ (rules WB6 and WB7).
    var isMidLetterLike: Bool { self == .midLetter || self == .midNumLet || self == .singleQuote }
    /// MidNum or MidNumLetQ (rules WB11 and WB12).
    var isMidNumLike: Bool { self == .midNum || self == .midNumLet || self == .singleQuote }
    /// Letters and digits: what makes a segment a word.
    var isWordMaterial: Bool { isAHLetter || self == .numeric || self == .katakana }
}
