import Foundation
import ReciteAudio
import ReciteCaptions
import ReciteScript
import ReciteTiming

extension BuildRunner {
    /// Writes what the document's pipeline asks for beside the audio, from its timings: caption
    /// files (`NAME.vtt`, `NAME.srt`) and the read-along page (`NAME.html`), in the document's batch.
    func writeReadingOutputs(of prepared: DocumentRenderer.Prepared, sidecar: TimingSidecar, stem: String,
                             pipeline: Pipeline, into outputs: inout Manifest.Entry.Outputs, batch: AtomicBatch) throws {
        guard !pipeline.captions.isEmpty || pipeline.html else { return }
        let shown = ShownText.shownWords(of: sidecar, source: prepared.source)
        if !pipeline.captions.isEmpty {
            let cues = CueBuilder().cues(forShownWords: shown)
            for format in Set(pipeline.captions).sorted(by: { $0.rawValue < $1.rawValue }) {
                let name = stem + "." + format.fileExtension
                try batch.write(Data(format.document(cues).utf8), to: path(name))
                switch format {
                case .vtt: outputs.vtt = name
                case .srt: outputs.srt = name
                }
            }
        }
        if pipeline.html {
            let page = ReadAlongPage(sidecar: sidecar, source: prepared.source, language: prepared.script.language)
            outputs.html = stem + ".html"
            try batch.write(Data(page.html(shownWords: shown).utf8), to: path(stem + ".html"))
        }
    }
}
