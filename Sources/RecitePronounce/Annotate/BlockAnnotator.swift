import ReciteScript

/// Applies a lexicon index to the runs of one block, in one pass over its words.
///
/// A match may be part of a run ("lead" in "lead/gold") or span several runs ("Albin counter
/// gambit", across spaces and line breaks). The runs are first cut so that each match covers whole
/// runs, then the runs of a match become one run carrying its phonemes (or its alias), with a
/// source span covering every word it stands for, so the timing sidecar still points at them.
struct BlockAnnotator {
    /// The index for a run's language.
    let index: (String) throws(LexiconError) -> LexiconIndex
    let documentLanguage: String

    private struct Token {
        var run: Int
        var range: Range<Int>
        var text: String
        var folded: String
    }

    private struct Match {
        var first: Int
        var count: Int
        var result: LexiconIndex.Result
    }

    func annotate(_ runs: [Run]) throws(LexiconError) -> [Run] {
        let scalars = runs.map { Array(($0.spoken ?? "").unicodeScalars) }
        var tokens: [Token] = []
        for (r, run) in runs.enumerated() where Self.isAnnotatable(run) {
            for word in WordBreaker.words(in: scalars[r]) {
                tokens.append(Token(run: r, range: word.range, text: LexiconIndex.normalizeApostrophes(word.text),
                                    folded: LexiconIndex.fold(word.text)))
            }
        }
        guard !tokens.isEmpty else { return runs }

        var matches: [Match] = []
        var i = 0
        while i < tokens.count {
            let language = runs[tokens[i].run].style.language ?? documentLanguage
            let candidates = try index(language).candidates(forFolded: tokens[i].folded)
            var found: Match?
            for form in candidates where i + form.words.count <= tokens.count {
                let span = tokens[i..<i + form.words.count]
                let same = zip(span, form.words).allSatisfy { form.caseSensitive ? $0.text == $1 : $0.folded == $1 }
                guard same, joins(span, runs: runs, scalars: scalars, language: language) else { continue }
                found = Match(first: i, count: form.words.count, result: form.result)
                break
            }
            if let found {
                matches.append(found)
                i += found.count
            } else {
                i += 1
            }
        }
        guard !matches.isEmpty else { return runs }
        return rebuild(runs, scalars: scalars, tokens: tokens, matches: matches)
    }

    /// Runs the lexicon may change: speech not already spelled out or given phonemes.
    static func isAnnotatable(_ run: Run) -> Bool {
        run.spoken != nil && run.style.phonemes == nil && run.style.written == nil && !run.style.spellOut
    }

    /// Whether consecutive tokens are separated by white space only (within a run, or across
    /// adjacent runs of the same language), so that a multi-word entry may match them.
    private func joins(_ span: ArraySlice<Token>, runs: [Run], scalars: [[Unicode.Scalar]], language: String) -> Bool {
        for (a, b) in zip(span, span.dropFirst()) {
            let gap: [Unicode.Scalar]
            if a.run == b.run {
                gap = Array(scalars[a.run][a.range.upperBound..<b.range.lowerBound])
            } else {
                guard b.run == a.run + 1, (runs[b.run].style.language ?? documentLanguage) == language else { return false }
                gap = Array(scalars[a.run][a.range.upperBound...]) + Array(scalars[b.run][..<b.range.lowerBound])
            }
            if !gap.allSatisfy({ $0.isWhiteSpace }) { return false }
        }
        return true
    }

    /// Cuts runs at match edges, then joins the pieces of each match into one annotated run.
    private func rebuild(_ runs: [Run], scalars: [[Unicode.Scalar]], tokens: [Token], matches: [Match]) -> [Run] {
        // Where each run is cut, and which match each piece between cuts belongs to.
        var cuts = [[Int: Int?]](repeating: [:], count: runs.count)   // position → match starting there (nil: end)
        for (m, match) in matches.enumerated() {
            let first = tokens[match.first], last = tokens[match.first + match.count - 1]
            cuts[first.run][first.range.lowerBound] = m
            if cuts[last.run][last.range.upperBound] == nil { cuts[last.run][last.range.upperBound] = .some(nil) }
            // Runs between the first and last token belong to the match entirely.
            for r in first.run..<last.run where r > first.run { cuts[r][0] = m }
            if last.run > first.run { cuts[last.run][0] = m }
        }

        struct Piece { var run: Run; var match: Int? }
        var pieces: [Piece] = []
        for (r, run) in runs.enumerated() {
            guard !cuts[r].isEmpty else {
                pieces.append(Piece(run: run, match: nil))
                continue
            }
            let positions = cuts[r].keys.sorted()
            var bounds = [0] + positions.filter { $0 > 0 && $0 < scalars[r].count } + [scalars[r].count]
            bounds = Array(Set(bounds)).sorted()
            var owner: Int? = nil
            if let m = cuts[r][0] { owner = m }
            var runPieces: [(text: ArraySlice<Unicode.Scalar>, match: Int?)] = []
            for (lo, hi) in zip(bounds, bounds.dropFirst()) {
                if let change = cuts[r][lo] { owner = change }
                runPieces.append((scalars[r][lo..<hi], owner))
            }
            // A piece without a letter or digit ("(", "),") goes with the next piece, or with
            // the previous one at the end of the run.
            var merged: [(text: [Unicode.Scalar], match: Int?)] = []
            var pending: [Unicode.Scalar] = []
            for piece in runPieces {
                if Self.hasWordMaterial(piece.text) {
                    merged.append((pending + Array(piece.text), piece.match))
                    pending = []
                } else {
                    pending += piece.text
                }
            }
            if !pending.isEmpty {
                if merged.isEmpty { merged.append((pending, nil)) } else { merged[merged.count - 1].text += pending }
            }
            for piece in merged {
                var copy = run
                copy.content = .speech(Self.trimmed(piece.text))
                pieces.append(Piece(run: copy, match: piece.match))
            }
        }

        var result: [Run] = []
        var k = 0
        while k < pieces.count {
            guard let m = pieces[k].match else {
                result.append(pieces[k].run)
                k += 1
                continue
            }
            var end = k
            while end + 1 < pieces.count && pieces[end + 1].match == m { end += 1 }
            let group = pieces[k...end].map(\.run)
            var run = group[0]
            let text = group.compactMap(\.spoken).joined(separator: " ")
            let last = group[group.count - 1].source
            run.source = SourceSpan(offset: run.source.offset, length: max(run.source.end, last.end) - run.source.offset,
                                    line: run.source.line, column: run.source.column)
            switch matches[m].result {
            case .phonemes(let phonemes):
                run.content = .speech(text)
                run.style.phonemes = phonemes
            case .alias(let alias):
                let (lead, trail) = Self.edgePunctuation(text)
                run.content = .speech(lead + alias + trail)
            }
            result.append(run)
            k = end + 1
        }
        return result
    }

    private static func hasWordMaterial(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        text.contains { WordBreakClass($0).isWordMaterial || $0.properties.isIdeographic }
    }

    private static func trimmed(_ text: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text)
        return String(view).trimmed
    }

    /// The punctuation before and after the words of `text` ("(lead)," → "(", "),").
    static func edgePunctuation(_ text: String) -> (String, String) {
        let scalars = Array(text.unicodeScalars)
        let words = WordBreaker.words(in: scalars)
        guard let first = words.first, let last = words.last else { return ("", "") }
        func string(_ s: ArraySlice<Unicode.Scalar>) -> String {
            var v = String.UnicodeScalarView(); v.append(contentsOf: s); return String(v)
        }
        return (string(scalars[..<first.range.lowerBound]), string(scalars[last.range.upperBound...]))
    }
}
