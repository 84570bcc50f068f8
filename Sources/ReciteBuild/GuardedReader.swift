import Foundation
import ReciteScript

/// Prepares the run's documents, each read first by a `ReadGuard` checker: a document whose
/// reading crashes or hangs there fails alone, with an error that says so.
struct GuardedReader: Sendable {
    let jobs: [Job]
    let renderers: BuildRunner.Renderers
    private let guardian: ReadGuard?

    init(jobs: [Job], renderers: BuildRunner.Renderers) {
        self.jobs = jobs
        self.renderers = renderers
        guardian = jobs.isEmpty || !BenchmarkSwitches.readCheck ? nil : ReadGuard { index in
            guard jobs.indices.contains(index) else { return }
            _ = try? renderers.for(jobs[index]).renderer.prepare(jobs[index])
        }
    }

    /// The document numbered `index`, parsed and through the text stages.
    func prepare(_ index: Int) -> Result<DocumentRenderer.Prepared, DocumentError> {
        let job = jobs[index]
        switch guardian?.verdict(for: index) ?? .readable {
        case .readable:
            return Result { () throws(DocumentError) in try renderers.for(job).renderer.prepare(job) }
        case .crashed(let signal):
            return .failure(DocumentError(path: job.source, message: "Reading this document crashed Recite (signal \(signal), "
                + "\(Self.name(of: signal))); it was skipped and the other documents went on. Please report it with the file."))
        case .timedOut:
            return .failure(DocumentError(path: job.source, message: "Reading this document took more than "
                + "\(Int(ReadGuard.timeLimit)) seconds; it was skipped. Split it, or report it with the file."))
        }
    }

    /// `prepare` for one document, as a value to hand on.
    func bind(_ index: Int) -> () -> Result<DocumentRenderer.Prepared, DocumentError> {
        { prepare(index) }
    }

    func stop() { guardian?.stop() }

    private static func name(of signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "segmentation fault"
        case SIGBUS: "bus error"
        case SIGABRT: "abort"
        case SIGILL: "illegal instruction, such as a failed check"
        case SIGTRAP: "trap, such as a failed check"
        case SIGFPE: "arithmetic error"
        case SIGKILL: "killed, perhaps for lack of memory"
        default: "a fatal signal"
        }
    }
}
