import Foundation
import ReciteHTML
import ReciteScript
import Testing

/// Article text that sits where extraction did not look: each case fails without the rule it is
/// named for.
@Suite struct RecallTests {
    static func text(_ html: String) throws -> String {
        let result = try HTMLReader.read(bytes: Array(html.utf8), path: "page.html")
        return result.script.blocks.flatMap { $0.runs.compactMap(\.spoken) }.joined(separator: " ")
    }

    static let body = """
    <div class="post hentry"><div class="entry-content">
    <p>The strike ended last week, but it left many parents asking whether the unions slowed reform, or whether they are part of a wider answer.</p>
    <p>On the show, both guests were asked the same question, and both said the schools need more teachers, better paid, and trained for longer.</p>
    <p>The mayor said the city would open four new schools next year, and that the union had agreed to the plan after a month of talks.</p>
    \((1...5).map { "<p>Paragraph \($0) of the story goes on, with commas, clauses, and the details a reader wants, at some length.</p>" }.joined())
    </div></div>
    """

    static func page(video: String) -> String {
        """
        <html><head><title>Schools</title></head><body><div id="content">
        <h1 class="entry-title">Should the unions get a failing grade?</h1>
        <div class="post-info"><span class="date">2:35 PM on 09/25/2012</span></div>
        <div class="video-wrap"><div class="player">\(video)</div></div>
        \(body)
        </div><div class="sidebar"><p>Other shows, other times, and the schedule for the week ahead, all in one place.</p></div></body></html>
        """
    }

    static let flash = """
    <object classid="clsid:D27CDB6E-AE6D-11cf-96B8-444553540000"><param name="movie" value="v.swf">
    <object type="application/x-shockwave-flash" data="v.swf"><div class="status"><p>This video is unavailable in the format required for your device.</p></div>
    <p class="caption">The former secretary of education and the mayor join the host to talk about unions, charter schools and pay.</p>
    </object></object>
    """

    @Test func aPluginsFallbackIsWhatTheBrowserShows() throws {
        let text = try Self.text(Self.page(video: Self.flash))
        #expect(text.contains("The former secretary"), "\(text)")
        #expect(!text.contains("unavailable"), "\(text)")
    }

    @Test func anObjectTheBrowserRendersIsNotReadByItsFallback() throws {
        let svg = #"<object data="chart.svg"><p class="caption">A chart of the results, drawn for readers whose browser cannot show it.</p></object>"#
        let text = try Self.text(Self.page(video: svg))
        #expect(!text.contains("chart of the results"), "\(text)")
        #expect(text.contains("The strike ended"))
    }

    @Test func aCaptionBetweenTheHeadlineAndTheBodyIsRead() throws {
        let caption = #"<p class="caption">The former secretary of education and the mayor join the host to talk about unions.</p>"#
        let text = try Self.text(Self.page(video: caption))
        #expect(text.contains("The former secretary"), "\(text)")
        #expect(text.contains("The mayor said"))
        #expect(!text.contains("Other shows"))
    }

    @Test func aPlayersMessageInTheArticleIsNotRead() throws {
        let html = Self.page(video: "").replacingOccurrences(of: "<div class=\"entry-content\">", with: """
        <div class="entry-content"><p>You need Adobe Flash Player to watch this.</p><p>The video shows the mayor leaving.</p>
        """)
        let text = try Self.text(html)
        #expect(!text.contains("Flash"), "\(text)")
        #expect(text.contains("The video shows the mayor leaving"))
    }
}

extension RecallTests {
    @Test func aListOfSentencesThatLinkAPhraseIsTheArticles() throws {
        let prose = (0..<4).map { "<p>Paragraph \($0): the minister said on Tuesday that the plan, agreed last year, would go ahead, despite the objections.</p>" }
        let list = """
        <ul><li>The <a href="/a">first report</a> found the costs were understated</li><li>A <a href="/b">second review</a> by auditors agreed</li>
        <li>The <a href="/c">committee</a> rejected both</li></ul>
        """
        let links = #"<ul><li><a href="/x">Budget 2008</a> news</li><li><a href="/y">Ministers</a> list</li></ul>"#
        let html = """
        <html><head><title>The plan</title></head><body><div id="content"><h1>The plan</h1><div class="text">\(prose.joined())
        <p>The key findings were:</p>\(list)<p>See also:</p>\(links)<p>Ministers will meet again in May, the office said, to review the plan.</p></div></div></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("second review by auditors agreed"), "\(text)")
        #expect(!text.contains("Budget"), "\(text)")
        #expect(text.contains("meet again in May"))
    }
}

extension RecallTests {
    @Test func aSentenceBeginningWithByIsNotAByline() throws {
        let html = Self.page(video: "").replacingOccurrences(of: "<div class=\"entry-content\">", with: """
        <div class="entry-content"><p class="byline">By <a href="/jane">Jane Smith</a>, Staff Writer</p>
        <p>By the end of the meeting, <a href="/council">the council</a> had agreed to delay the vote until May.</p>
        """)
        let text = try Self.text(html)
        #expect(text.contains("had agreed to delay the vote"), "\(text)")
        #expect(!text.contains("Staff Writer"), "\(text)")
    }
}

extension RecallTests {
    @Test func anOpinionPiecesCommentaryBoxIsTheArticle() throws {
        let promos = (0..<14).map { #"<div class="promo"><p>Promo \#($0): our shop sells gifts, cards, and calendars, and delivers free, anywhere in the county.</p></div>"# }
        let html = """
        <html><head><title>Schools</title></head><body><div id="wrap"><h1>Schools</h1>
        <div class="commentary-text">\(Self.body)</div><div class="box">\(promos.joined())</div></div></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("The mayor said"), "\(text)")
    }
}

extension RecallTests {
    @Test(arguments: ["hidden-print", "d-print-none", "no-print", "has-sidebar"])
    func aColumnLeftOffPaperIsStillOnScreen(utility: String) throws {
        let promos = (0..<14).map { #"<div class="promo-x"><p>Notice \#($0): our shop sells gifts, cards, and calendars, and delivers free, anywhere in the county.</p></div>"# }
        let html = """
        <html><head><title>Schools</title></head><body><div class="row"><div class="col-md-8 \(utility)"><h1>Schools</h1>
        <p>The strike ended last week, but it left many parents asking whether the unions slowed reform, or whether they are part of a wider answer.</p>
        <p>The mayor said the city would open four new schools next year, and that the union had agreed to the plan after a month of talks.</p>
        </div><div class="col-md-4">\(promos.joined())</div></div></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("The mayor said"), "\(text)")
    }
}
