extension TimingSidecar {
    /// Times are written to the hundred-thousandth of a second, as the stitcher writes them.
    public static func rounded(_ seconds: Double) -> Double { (seconds * 100_000).rounded() / 100_000 }

    /// This sidecar's words, sentences, blocks and marks, `offset` seconds later and marked as
    /// coming from `file`: its part of a longer recording (a book's chapter).
    public func appended(to whole: inout TimingSidecar, at offset: Double, file: String) {
        func shift(_ t: Double) -> Double { Self.rounded(t + offset) }
        whole.words += words.map { w in
            var w = w
            (w.start, w.end, w.file) = (shift(w.start), shift(w.end), file)
            return w
        }
        whole.sentences += sentences.map { s in
            var s = s
            (s.start, s.end, s.file) = (shift(s.start), shift(s.end), file)
            return s
        }
        whole.blocks += blocks.map { b in
            var b = b
            (b.start, b.end, b.file) = (shift(b.start), shift(b.end), file)
            return b
        }
        whole.marks += marks.map { m in
            var m = m
            m.time = shift(m.time)
            return m
        }
    }
}
