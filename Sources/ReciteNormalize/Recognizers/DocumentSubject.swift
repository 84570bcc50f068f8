import ReciteScript

/// What a whole document speaks of, where that decides a reading: in a cricket report every
/// "54-2" is a score ("fifty four for two"), even in a sentence that names no wicket; in an
/// article on airliners a "787" is a Boeing. Found once per document, from words that only that
/// subject uses, each counted at most once per block so that one stray word proves nothing.
enum DocumentSubject: Hashable, Sendable {
    case cricket
    case flying
    /// The text spells "metre" or "litre": its units are said in the same spelling (one word proves it).
    case britishSpelling

    /// Blocks that must name the subject before the whole document counts as about it.
    static let blocksNeeded = 2

    static func subjects(of script: Script) -> Set<DocumentSubject> {
        var cricket = 0, flying = 0, british = false
        for block in script.blocks {
            var sawCricket = false, sawFlying = false
            for run in block.runs {
                guard let spoken = run.spoken else { continue }
                for word in spoken.split(separator: " ") where word.utf8.count >= 3 && word.utf8.count <= 13 {
                    let core = PieceSplitter.edges(word).1
                    if !british, BritishSpelling.spells(core) { british = true }
                    guard let first = core.utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { continue }
                    let lower = core.lowercased()
                    if !sawCricket, CricketFigures.strong.contains(lower) { sawCricket = true }
                    if !sawFlying, AircraftModels.evidence.contains(lower) { sawFlying = true }
                }
            }
            if sawCricket { cricket += 1 }
            if sawFlying { flying += 1 }
        }
        var found: Set<DocumentSubject> = []
        if cricket >= blocksNeeded { found.insert(.cricket) }
        if flying >= blocksNeeded { found.insert(.flying) }
        if british { found.insert(.britishSpelling) }
        return found
    }
}
