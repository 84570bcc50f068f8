import Foundation
import ReciteBuild
import ReciteSynth

/// `recite voices --sample DIR`: one short sample per installed neural voice, `DIR/NAME.wav`, so
/// people choose a voice by ear. Each is a real build of the same short text (numbers, a date, a
/// unit, so the samples show Recite's reading too), through the voice as `--voice NAME` would use it.
enum VoiceSamples {
    static let text = """
    Hello, I am %@. On 12 May 2026 the flat's 8 m² of storage cost $3.50 a day; I read articles, books and notes aloud.

    """

    /// Writes the samples (of the voices in `only`, when it names some); returns the names written
    /// and the problems met (a voice that fails does not stop the others).
    static func write(to folder: String, only: [String] = [], report: (String) -> Void) throws -> (written: [String], problems: [String]) {
        let lookup = VoiceLookup()
        let installed = lookup.installed().voices.map(\.name) + lookup.installedKokoro().map(\.name)
        guard !installed.isEmpty else { return ([], ["no neural voice is installed (.ci/install-neural installs them)"]) }
        let unknown = only.filter { !installed.contains($0) }
        guard unknown.isEmpty else {
            return ([], unknown.map { "\($0) is not an installed neural voice; `recite voices` lists them" })
        }
        let names = only.isEmpty ? installed : installed.filter(only.contains)
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        removeAbandonedWork(in: folder)
        // Work beside the samples, so that each is moved into place whole, on one file system.
        let work = "\(folder)/\(workPrefix)\(getpid())"
        defer { try? fm.removeItem(atPath: work) }
        var written: [String] = [], problems: [String] = []
        for name in names {
            let input = "\(work)/\(name)/in", output = "\(work)/\(name)/out"
            do {
                try fm.createDirectory(atPath: input, withIntermediateDirectories: true)
                let spoken = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
                try Data(String(format: text, spoken).utf8).write(to: URL(fileURLWithPath: "\(input)/\(name).md"))
                var pipeline = try PipelineLocator.load(nil)
                pipeline.voice = name
                pipeline.format = .wav
                pipeline.captions = []
                pipeline.html = false
                let runner = BuildRunner(options: .init(inputs: [input], outputFolder: output, pipeline: pipeline, jobs: 1,
                                                        cacheFolder: "\(work)/cache"),
                                         report: { _ in }, output: { _ in })
                let summary = try runner.run()
                guard summary.failed == 0, fm.fileExists(atPath: "\(output)/\(name).wav") else {
                    problems.append("\(name): the sample could not be made")
                    continue
                }
                // rename(2) replaces an older sample at once: it is never missing or half written.
                let target = "\(folder)/\(name).wav"
                guard rename("\(output)/\(name).wav", target) == 0 else {
                    problems.append("\(name): cannot write \(target): \(String(cString: strerror(errno)))")
                    continue
                }
                written.append(name)
                report(target)
            } catch {
                problems.append("\(name): \(error)")
            }
        }
        return (written, problems)
    }

    static let workPrefix = ".recite-samples-"

    /// Removes the work folders of runs that were killed (their process is gone).
    static func removeAbandonedWork(in folder: String) {
        let fm = FileManager.default
        for entry in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(workPrefix) {
            guard let pid = Int32(entry.dropFirst(workPrefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? fm.removeItem(atPath: "\(folder)/\(entry)") }
        }
    }
}
