import ArgumentParser
import Foundation
import ReciteSynth

/// `recite worker`: the synthesis worker the build starts (see `WorkerLoop`); not for people.
struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve synthesis requests on standard input (used by recite build).",
        shouldDisplay: false)

    func run() throws {
        let status = WorkerLoop.run()
        if status != 0 { throw ExitCode(status) }
    }
}
