import Foundation
import ReciteFeed
import Testing

/// Which documents are episodes across nightly runs, and which dates they keep.
@Suite struct EpisodeListTests {
    let day1 = Date(timeIntervalSince1970: 1_700_000_000)
    var day2: Date { day1.addingTimeInterval(86_400) }
    var day5: Date { day1.addingTimeInterval(4 * 86_400) }

    @Test func firstPublishedDatesStayAndNewDocumentsComeFirst() {
        let list = EpisodeList(keepDays: 0)
        let first = list.update(FeedState(), with: [.init(stem: "a", present: true, audioExists: true),
                                                    .init(stem: "b", present: true, audioExists: true)], now: day1)
        #expect(first.stems == ["a", "b"])
        let second = list.update(first.state, with: [.init(stem: "a", present: true, audioExists: true),
                                                     .init(stem: "b", present: false, audioExists: true),
                                                     .init(stem: "c", present: true, audioExists: true)], now: day2)
        #expect(second.stems == ["c", "a"])
        #expect(second.state.episodes["a"]?.published == day1)
        #expect(second.state.episodes["a"]?.lastSeen == day2)
        #expect(second.state.episodes["c"]?.published == day2)
    }

    @Test func removedDocumentsStayForKeepDaysWhileTheirFilesExist() {
        let list = EpisodeList(keepDays: 3)
        let first = list.update(FeedState(), with: [.init(stem: "a", present: true, audioExists: true)], now: day1)
        let kept = list.update(first.state, with: [.init(stem: "a", present: false, audioExists: true)], now: day2)
        #expect(kept.stems == ["a"])
        let gone = list.update(kept.state, with: [.init(stem: "a", present: false, audioExists: false)], now: day2)
        #expect(gone.stems.isEmpty)
        let expired = list.update(kept.state, with: [.init(stem: "a", present: false, audioExists: true)], now: day5)
        #expect(expired.stems.isEmpty && expired.state.episodes.isEmpty)
    }

    @Test func aFailedDocumentKeepsItsEarlierTitle() {
        let list = EpisodeList(keepDays: 0)
        let first = list.update(FeedState(), with: [.init(stem: "a", present: true, audioExists: true, title: "Title")], now: day1)
        let failed = list.update(first.state, with: [.init(stem: "a", present: true, audioExists: true, title: nil)], now: day2)
        #expect(failed.state.episodes["a"]?.title == "Title")
    }

    @Test func stateRoundTrips() throws {
        let state = FeedState(episodes: ["a b/c": .init(published: day1, lastSeen: day2, title: "T & <x>", description: nil)])
        let path = NSTemporaryDirectory() + "feed-state-\(UUID().uuidString).json"
        try state.json().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FeedState.load(path) == state)
        #expect(FeedState.load(path + ".missing") == FeedState())
    }
}
