extension TimingSidecar {
    /// Times are written to the hundred-thousandth of a second, as the stitcher writes them.
    public static func rounded(_ seconds: Double) -> Double { (seconds * 100_000).rounded() / 100_000 }

    /// This sidecar's words, sentences, blocks and marks, `offset` seconds later and marked as
    /// coming from `file`: its part of a longer recording (a book's chapter).
    public func appended(to whole: inout TimingSidecar, at offset: Double, file: String) {
        let moved = parts(movedBy: offset, file: file)
        whole.words += moved.words
        whole.sentences += moved.sentences
        whole.blocks += moved.blocks
        whole.marks += moved.marks
        // The book's voices: every chapter's, in the order they first read.
        for voice in voices ?? [] where !(whole.voices ?? []).contains(voice) {
            whole.voices = (whole.voices ?? []) + [voice]
        }
    }

    /// The same timings `offset` seconds later in audio `extra` seconds longer: the sidecar of a
    /// file given room tone at its head (`offset`) and tail (`extra - offset`).
    public func shifted(by offset: Double, lengthenedBy extra: Double) -> TimingSidecar {
        var result = parts(movedBy: offset, file: nil)
        result.duration = Self.rounded(duration + extra)
        return result
    }

    /// This sidecar with every time moved by `offset`, and every item's file set to `file` (kept
    /// as it is when nil).
    private func parts(movedBy offset: Double, file: String?) -> TimingSidecar {
        func shift(_ t: Double) -> Double { Self.rounded(t + offset) }
        var result = self
        result.words = words.map { w in
            var w = w
            (w.start, w.end, w.file) = (shift(w.start), shift(w.end), file ?? w.file)
            return w
        }
        result.sentences = sentences.map { s in
            var s = s
            (s.start, s.end, s.file) = (shift(s.start), shift(s.end), file ?? s.file)
            return s
        }
        result.blocks = blocks.map { b in
            var b = b
            (b.start, b.end, b.file) = (shift(b.start), shift(b.end), file ?? b.file)
            return b
        }
        result.marks = marks.map { m in
            var m = m
            m.time = shift(m.time)
            return m
        }
        return result
    }
}
