import Foundation

/// Switches that only `make bench` sets, to show what two safeguards cost on the same machine in
/// the same run (Benchmarks/bench.py): the read check (`ReadGuard`, which prepares every document
/// once more in a checker process) and the grouping of sentences into segments of at least 40
/// words (`Segmenter.sentenceWords`). A run without them is no less correct in its output, only
/// less safe (a document whose reading crashes takes the run down) or slower. Unset, they change
/// nothing.
enum BenchmarkSwitches {
    private static let environment = ProcessInfo.processInfo.environment

    /// `RECITE_BENCH_NO_READ_CHECK=1`: documents are prepared without a checker first.
    static let readCheck = environment["RECITE_BENCH_NO_READ_CHECK"] != "1"

    /// `RECITE_BENCH_SENTENCE_WORDS=N`: segments hold at least N words before a sentence end cuts
    /// them (1: one sentence a segment).
    static let sentenceWords = environment["RECITE_BENCH_SENTENCE_WORDS"].flatMap { Int($0) }.map { max(1, $0) }
}
