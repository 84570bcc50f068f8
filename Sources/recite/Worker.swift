import ArgumentParser
import Foundation
import ReciteWorkers

/// `recite worker`: the synthesis worker the build starts (see `WorkerLoop`); not for people.
struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve synthesis requests on standard input (used by recite build).",
        shouldDisplay: false)

    @Option(help: "Load this voice before the first request (language, or language:voice).")
    var warmUp: String?

    @Option(help: "Serve with this prepared neural voice (JSON) instead of eSpeak NG.")
    var neural: String?

    @Option(help: "ONNX Runtime threads of a neural worker.")
    var threads = 1

    @Option(help: "Segments a neural worker says at once.")
    var slots = 1

    @Flag(help: "Report phoneme events.")
    var phonemes = false

    @Flag(help: "Print how segments would be isolated from each other (reset or fork), and exit.")
    var checkReset = false

    func run() throws {
        let configuration = WorkerConfiguration(argument: warmUp, phonemes: phonemes, neural: neural, threads: threads, slots: slots)
        if checkReset {
            print(WorkerLoop.isolation(configuration: configuration).rawValue)
            return
        }
        let status = WorkerLoop.run(configuration: configuration)
        if status != 0 { throw ExitCode(status) }
    }
}
