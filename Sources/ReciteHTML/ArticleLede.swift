import Foundation

/// What belongs to the article outside the container chosen for it: the standfirst under the
/// headline, sentences between the headline and the body (a video's caption above the post), and
/// the messages a player shows in place of media, which do not.
extension ArticleExtractor {
    /// The page's first `<h1>` still read, when it stands outside the article's containers.
    func headline(outside roots: [Int]) -> Int? {
        guard let h1 = page.nodes.indices.first(where: { page.nodes[$0].name == "h1" && !dropped[$0] }),
              !roots.contains(where: { page.isInside(h1, $0) || h1 == $0 }) else { return nil }
        return h1
    }

    /// The standfirst under the page's headline (a sentence or two that sums the article up)
    /// when the headline stands outside the article's container, as in a page's lede block:
    /// the first paragraph or subheading right after the `<h1>`, prose without links.
    func standfirst(outside roots: [Int]) -> Int? {
        guard let h1 = headline(outside: roots) else { return nil }
        var a = h1
        for _ in 0..<3 {
            let parent = page.nodes[a].parent
            guard parent >= 0, parent != page.body, let at = page.nodes[parent].children.firstIndex(of: a) else { return nil }
            if let next = page.nodes[parent].children[(at + 1)...].first(where: { textLength[$0] > 0 }) {
                guard let dek = (next..<page.subtreeEnd(next)).first(where: { ["p", "h2"].contains(page.nodes[$0].name) }),
                      !dropped[dek], linkLength[dek] == 0, (40...400).contains(textLength[dek]),
                      !roots.contains(where: { page.isInside(dek, $0) || page.isInside($0, dek) }) else { return nil }
                let text = page.text(of: dek).trimmingCharacters(in: .whitespacesAndNewlines)
                guard text.split(separator: " ").count >= 6, !Self.isByline(text), !Self.isDateline(text) else { return nil }
                return dek
            }
            a = parent
        }
        return nil
    }

    /// Sentences set between the headline and the article's body, outside both (a video's caption
    /// in a box of its own above the post): the paragraphs of prose, without links, in the blocks
    /// that come after the `<h1>` and before the block that holds the body, in the box they share.
    func betweenHeadlineAndBody(_ roots: [Int]) -> [Int] {
        guard let h1 = headline(outside: roots), let body = roots.first, h1 < body else { return [] }
        var a = h1
        for _ in 0..<3 {
            let parent = page.nodes[a].parent
            guard parent >= 0, parent != page.body, let at = page.nodes[parent].children.firstIndex(of: a) else { return [] }
            guard let end = page.nodes[parent].children.firstIndex(where: { body == $0 || page.isInside(body, $0) }) else {
                a = parent
                continue
            }
            var found: [Int] = []
            for s in page.nodes[parent].children[(at + 1)..<end] where !dropped[s] {
                for k in s..<page.subtreeEnd(s) where page.nodes[k].name == "p" && !dropped[k] && isLedeSentence(k) { found.append(k) }
            }
            return found.count <= 3 ? found : []
        }
        return []
    }

    /// A paragraph of one or more sentences, no links, no byline, date, notice, credit or pitch.
    func isLedeSentence(_ k: Int) -> Bool {
        guard linkLength[k] == 0, (40...600).contains(textLength[k]) else { return false }
        let text = page.text(of: k).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.split(separator: " ").count >= 6, !Self.isByline(text), !Self.isDateline(text),
              !Self.isNotice(text), !Self.isMediaMessage(text), !Self.isCredit(text), !Self.isNewsletterPitch(text), let last = text.last, ".!?\u{201D}\"".contains(last) else { return false }
        return true
    }

    /// What a player or a browser says in place of media it does not show: "This video is
    /// unavailable in the format required for your device", "You need Flash Player", "Your
    /// browser does not support the video tag".
    /// Plain string searches, not a regular expression: Foundation's expressions leak under the
    /// address sanitizer, and this runs for every short block of a page.
    static func isMediaMessage(_ text: String) -> Bool {
        guard text.count < 200 else { return false }
        let t = text.lowercased()
        /// Whether `word` appears, and within `reach` characters after it one of `ends`.
        func phrase(_ word: String, then ends: [String], within reach: Int) -> Bool {
            guard let r = t.range(of: word) else { return false }
            let after = t[r.upperBound...].prefix(reach)
            return ends.contains { after.contains($0) }
        }
        for thing in ["video", "clip", "content", "media", "player", "audio"] {
            guard let r = t.range(of: "this \(thing) ") else { continue }
            var after = t[r.upperBound...]
            for verb in ["is ", "has been ", "was "] where after.hasPrefix(verb) { after = after.dropFirst(verb.count) }
            for adverb in ["currently ", "no longer "] where after.hasPrefix(adverb) { after = after.dropFirst(adverb.count) }
            if ["unavailable", "not available", "available", "playable", "not supported", "removed", "expired"].contains(where: { after.hasPrefix($0) }) { return true }
        }
        let unsupported = ["not support", "unsupported", "required", "upgrade"]
        if phrase("your browser", then: unsupported, within: 60) || phrase("your device", then: unsupported, within: 60) { return true }
        if ["flash player", "javascript", "plug-in", "plugin"].contains(where: { t.contains("\($0) required") || t.contains("\($0) is required") }) { return true }
        let players = ["adobe flash", "flash player", "javascript"]
        return ["you need", "require", "install", "enable", "get ", "download", "upgrade"].contains { phrase($0, then: players, within: 45) }
    }
}
