import Foundation
import ReciteHTML
import ReciteScript
import Testing

/// What a page's furniture looks like when its markup does not say so: parts that its stylesheet
/// hides, rails, the publisher's notices, listings of teaser cards. Each case fails without the
/// rule it is named for.
@Suite struct PrecisionTests {
    static func text(_ html: String) throws -> String {
        let result = try HTMLReader.read(bytes: Array(html.utf8), path: "page.html")
        return result.script.blocks.flatMap { $0.runs.compactMap(\.spoken) }.joined(separator: " ")
    }

    static let prose = """
    <p>The hall opens at noon on Monday, and the choir sings until midnight, with a break at six for supper and prayers.</p>
    <p>Tickets cost five pounds at the door, children go free, and the parish asks visitors to bring a candle of their own.</p>
    <p>Parking is in the school yard across the road, which the caretaker unlocks an hour before the doors open, weather allowing.</p>
    """

    @Test func aPrintCopyHiddenByTheStylesheetIsNotReadTwice() throws {
        let html = """
        <html><head><title>Events</title></head><body>
        <style>/* print */ #printDesc{display:none;} @media print { .story { display: none } }</style>
        <div id="content"><div id="printDesc" class="storytext"><p>Printed copy: the hall opens at noon on Monday, and the choir sings until midnight.</p>
        <p>Printed copy: tickets cost five pounds at the door, children go free, and visitors bring a candle.</p></div>
        <div class="story">\(Self.prose)</div></div>
        <div class="nav"><a href="/">Home</a></div>
        </body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Printed copy"), "\(text)")
        // Without the rule, the printed copy is read beside the article.
        let unstyled = html.replacingOccurrences(of: "#printDesc{display:none;}", with: "")
        #expect(try Self.text(unstyled).contains("Printed copy"))
    }

    @Test func stylesheetRulesAreSimpleSelectorsAtTopLevelOnly() throws {
        // A rule inside @media, or a compound selector, says nothing without rendering.
        let html = """
        <html><body><style>@media (max-width: 600px) { .story { display: none } } .js .story{display:none} .story:hover{visibility:hidden}</style>
        <div class="story">\(Self.prose)</div></body></html>
        """
        #expect(try Self.text(html).contains("Tickets cost"))
    }

    @Test func aRightRailIsFurniture() throws {
        let html = """
        <html><body><div class="main"><h1>Choir night</h1>\(Self.prose)</div>
        <div id="rightRail"><h3>About this blog</h3><p>The Brussels blog is produced by the bureau of the newspaper, which has been headed since 2009 by a correspondent and editor who was previously with a news agency in London.</p></div>
        </body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("bureau"), "\(text)")
    }

    @Test func thePublishersNoticesAreNotRead() throws {
        let html = """
        <html><body><article>\(Self.prose)
        <p>Advertisement</p>
        <p>© 2012 The Associated Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.</p>
        </article></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Advertisement"), "\(text)")
        #expect(!text.contains("rights reserved"), "\(text)")
    }

    @Test func aRunOfTeaserCardsIsAListingNotTheArticle() throws {
        // Each card's title is a link, its date and venue are not: under half of the listing is
        // links, and its items are not boxes that the link-density rules look at, so only the
        // cards' shape gives it away.
        let cards = (1...4).map { n in
            "<li class=\"tile\"><a href=\"/events/\(n)\">Carol service, cathedral \(n)</a> <span>Monday 7 pm at St Mary's Hall, Bath</span></li>"
        }.joined()
        let html = "<html><body><article><h1>Choir night</h1>\(Self.prose)<ul class=\"more\">\(cards)</ul></article></body></html>"
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("cathedral"), "\(text)")
    }

    @Test func shortParagraphsThatLinkAPhraseAreProse() throws {
        let paragraphs = (1...4).map { n in
            "<p>Step \(n): use the <a href=\"/s\(n)\">debt snowball method</a> to pay off small balances first.</p>"
        }.joined()
        let html = "<html><body><article><h1>Money</h1>\(Self.prose)\(paragraphs)</article></body></html>"
        #expect(try Self.text(html).contains("snowball"))
    }

    @Test func anArticleSetLooseInAPageWideFormIsRead() throws {
        // An ASP.NET page: everything in one <form>, the article lines between <br>s beside a photo's box.
        let html = """
        <html><body><form id="aspnetForm" method="post"><div id="menu"><a href="/">Home</a> <a href="/money">Money</a></div>
        <div id="item"><font><div style="float:right"><img src="p.jpg"><div>Bank charges</div></div>
        <b>A court case to determine the future of current account charges will get underway this week.</b><br/><br/>
        The Office of Fair Trading is facing seven banks and a building society in a test case, which could lead to refunds.<br/><br/>
        Last year, millions of pounds of unauthorised overdraft fees were returned to customers, as the revolt gained pace.<br/>
        </font></div></form></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("seven banks"), "\(text)")
        #expect(text.contains("court case"), "\(text)")
    }

    @Test func aColumnOfStoryLinksDoesNotOutvoteTheArticle() throws {
        // "In this section": thirty stories, each a paragraph whose link (commas and all) is most of
        // it, deep in a column beside the article.
        let stories = (1...30).map { n in "<p><a href=\"/s/\(n)\">Akron, Ohio, climbs, in the poll, no. \(n)</a> of the week, said here</p>" }
        let sentences = ["The hall opens at noon on Monday, and the choir sings until midnight, with a break at six for supper and prayers.",
                         "Tickets cost five pounds at the door, children go free, and the parish asks visitors to bring a candle of their own.",
                         "Parking is in the school yard across the road, which the caretaker unlocks an hour before the doors open, weather allowing.",
                         "The parish hall has been repainted for the season, in white and blue, and the new chairs arrived on Friday, with cushions.",
                         "The vicar says the money raised will go to the roof, which leaks in the north aisle, and to the food bank in town."]
        let again = sentences.map { s in s.range(of: "The ").map { s.replacingCharacters(in: $0, with: "This year the ") } ?? s }
        let html = "<html><body><div id=\"content\"><div id=\"left\"><div><div class=\"list\">\(stories.joined())</div></div></div>"
            + "<div id=\"center\">\((sentences + again).map { "<p>\($0)</p>" }.joined())</div></div></body></html>"
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Akron"), "\(text)")
    }

    @Test func hostileStylesheetsAreBounded() throws {
        // Thousands of stylesheets, unbalanced braces, a rule that hides the whole page: read all the same.
        let sheets = String(repeating: "<style>.x{display:none} }}} {{{ @media{</style>", count: 5000)
        let html = """
        <html><head>\(sheets)<style>body, #page { display: none }</style></head><body><div id="page"><article>\(Self.prose)</article></div></body></html>
        """
        #expect(try Self.text(html).contains("Tickets cost"))
    }
}

extension PrecisionTests {
    @Test func readersRepliesUnderAnotherNameAreNotTheArticle() throws {
        let replies = (0..<12).map {
            #"<div class="reply"><span class="who">Reader\#($0) wrote:</span><p>Reply \#($0): I think the minister is wrong, and frankly, the plan should be dropped, as most of us have said for years.</p></div>"#
        }
        let html = """
        <html><head><title>Choir night</title></head><body><div id="main"><div class="post"><h1>Choir night</h1><div class="entry">\(Self.prose)</div></div>
        <div id="discussion"><h3>What readers say</h3>\(replies.joined())</div></div></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Reply"), "\(text)")
    }
}

extension PrecisionTests {
    static func teasers(_ href: (Int) -> String) -> String {
        (0..<6).map {
            #"<div class="item"><h3><a href="\#(href($0))">Teaser headline \#($0) about the town</a></h3><p>Summary \#($0): the town hall reopened after a repair, with a new roof and a lift.</p></div>"#
        }.joined()
    }

    static func shortStory(beside teasers: String) -> String {
        """
        <html><head><title>Choir night</title></head><body><div id="page"><div class="story"><h1>Choir night</h1>
        <p>The hall opens at noon on Monday, and the choir sings until midnight, with a break at six for supper.</p>
        <p>Tickets cost five pounds at the door, children go free, and visitors bring a candle of their own.</p></div>
        <div class="more">\(teasers)</div></div></body></html>
        """
    }

    @Test func teasersForTheSitesOtherStoriesDoNotOutvoteAShortArticle() throws {
        let text = try Self.text(Self.shortStory(beside: Self.teasers { "/news/story-\($0).html" }))
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Summary"), "\(text)")
    }

    @Test func aTeasersLabelOverItsHeadlineDoesNotHideIt() throws {
        let labelled = Self.teasers { "/news/story-\($0).html" }.replacingOccurrences(of: "<h3>", with: "<span class=\"kicker\">Politics</span><h3>")
        let text = try Self.text(Self.shortStory(beside: labelled))
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Summary"), "\(text)")
    }

    @Test func itemsThatLinkToOtherSitesAreNotTeasers() throws {
        // A list article's items: headlines that link elsewhere, each over its own paragraph.
        let text = try Self.text(Self.shortStory(beside: Self.teasers { "https://example\($0).org/places/\($0).html" }))
        #expect(text.contains("town hall reopened"), "\(text)")
    }
}

extension PrecisionTests {
    @Test func aTitleLedByTheSitesDomainIsReadWithoutIt() throws {
        let html = """
        <html><head><title>Gazette.com - Choir night at the hall</title></head><body>
        <span class="story-title">Choir night at the hall</span><div class="story">\(Self.prose)</div></body></html>
        """
        let text = try Self.text(html)
        #expect(!text.contains("Gazette"), "\(text)")
        #expect(text.contains("Choir night at the hall"))
    }
}

extension PrecisionTests {
    @Test func aLineOfLinksSetLooseAmongTheArticlesBlocksIsNotRead() throws {
        let html = """
        <html><head><title>Choir night</title></head><body><a href="/">Home</a> | <a href="/news">News</a> &gt; <a href="/local">Local</a>
        <h1>Choir night</h1>\(Self.prose)<p>The vicar, <a href="/vicar">Ann Lee</a>, said all are welcome.</p><p><a href="/">Back to the index</a></p></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Local"), "\(text)")
        #expect(text.contains("Ann Lee"), "\(text)")
        #expect(text.contains("Back to the index"), "\(text)")
    }
}

extension PrecisionTests {
    @Test func theColumnBesideTheArticlesCellIsNotTheArticle() throws {
        let menu = "<ul>" + (0..<8).map { #"<li><a href="/s\#($0)">Section \#($0)</a></li>"# }.joined() + "</ul>"
        let rail = """
        <div><b>Weather</b><p>Cloudy with rain later, and a high of twelve degrees; tomorrow, sunny spells, with a light breeze.</p></div>
        <div><b>About us</b><p>The Gazette has served the county since 1850, and is published every Thursday, with a weekend edition.</p></div>
        """
        let html = """
        <html><head><title>Choir night</title></head><body><table><tr><td>\(menu)</td><td><h1>Choir night</h1>\(Self.prose)
        <p>The choir, which has forty voices, has sung in the hall every winter since the war, and this year adds a band.</p></td>
        <td>\(rail)</td></tr></table></body></html>
        """
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Weather"), "\(text)")
        #expect(!text.contains("Gazette"), "\(text)")
    }
}

extension PrecisionTests {
    /// Thousands of small boxes nested deep (teaser-like cards, lines of links, filings) cost
    /// a bounded look each.
    @Test(.timeLimit(.minutes(1))) func manySmallNestedBoxesAreCheckedInTime() throws {
        let deep = String(repeating: "<div><span>", count: 200) + #"<a href="/x">Tags</a>"# + String(repeating: "</span></div>", count: 200)
        let cards = (0..<3_000).map { #"<li><h3><a href="/n/\#($0)">A headline for story number \#($0)</a></h3>Tags: <a href="/t">x</a> | <a href="/u">y</a></li>"# }
        let html = "<html><body><div class=\"story\">\(Self.prose)</div>\(deep)<ul>\(cards.joined())</ul>\(deep)</body></html>"
        let text = try Self.text(html)
        #expect(text.contains("Tickets cost"))
    }
}
