import Foundation

/// Readers' comments that the page's markup leaves unnamed, found by their signatures: blocks side
/// by side that each end with the line a comment system writes under a comment ("Posted by Paul on
/// January 6, 2008 2:09 PM", "Posted By: mammamia | January 07 2008") or a link to report it, or
/// that each open with that line as a block of its own. An article has one byline; a thread has
/// several signatures.
extension ArticleExtractor {
    /// The fewest signed blocks side by side that make a thread.
    static let signedThread = 2

    mutating func dropSignedComments() {
        measure()
        var thread: [Int] = []
        for parent in page.nodes.indices where !dropped[parent] && !page.nodes[parent].isText {
            let children = page.nodes[parent].children.filter { !dropped[$0] && !page.nodes[$0].isText && textLength[$0] > 0 }
            guard children.count >= Self.signedThread else { continue }
            thread += headedComments(children)
            let signed = children.filter { isSignedComment($0) }
            guard signed.count >= Self.signedThread else { continue }
            thread += signed
            // "Comments" over them: the label of the thread.
            if let first = signed.first, let at = children.firstIndex(of: first), at > 0, case let label = children[at - 1],
               textLength[label] <= 20, page.text(of: label).lowercased().contains("comment") {
                thread.append(label)
            }
        }
        for block in thread { dropSubtree(block) }
    }

    /// Comments whose signature heads them, each a line of its own before its text ("Posted by:
    /// sigil on 1:19pm Thu 17 Jan 08", then the comment): two such lines or more among `children`,
    /// with what follows each up to the next. The prose before the first stays (a post's own byline
    /// is one line, not two).
    func headedComments(_ children: [Int]) -> [Int] {
        let heads = children.filter { k in
            textLength[k] < 150 && page.text(of: k).trimmingCharacters(in: .whitespacesAndNewlines).lowercased().hasPrefix("posted by")
        }
        guard heads.count >= Self.signedThread, let first = heads.first, let start = children.firstIndex(of: first) else { return [] }
        let comments = Array(children[start...])
        // An article must stand outside them.
        guard prose(page.body) - comments.reduce(0, { $0 + prose($1) }) >= Self.articleBesideComments else { return [] }
        return comments
    }

    /// A block under 3,000 characters whose last 160 characters hold a comment's signature.
    func isSignedComment(_ i: Int) -> Bool {
        guard ["p", "div", "li", "article", "section", "dd", "table", "tr", "td"].contains(page.nodes[i].name),
              (20..<3000).contains(textLength[i]) else { return false }
        let text = page.text(of: i).lowercased()
        let tail = text.suffix(160)
        return Self.signatures.contains { tail.contains($0) }
    }

    /// What a comment system writes under each comment.
    static let signatures = ["posted by", "report this comment", "report abuse", "reply to this comment", "flag as inappropriate"]
}
