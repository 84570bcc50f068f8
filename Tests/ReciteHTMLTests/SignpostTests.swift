import Foundation
import ReciteHTML
import ReciteScript
import Testing

/// Furniture that old pages leave in or beside the article without naming it as such: tool rows,
/// bookmarking icons, a site's name over its pages, paragraphs and headings that point elsewhere,
/// and the columns that a drifting choice of container would take in. Each case fails without the
/// rule it is named for.
@Suite struct SignpostTests {
    /// What is read of a page with this `body` and `title` (`PrecisionTests.text`).
    static func text(_ body: String, title: String = "Choir night at the hall") throws -> String {
        try PrecisionTests.text("<html><head><title>\(title)</title></head><body>\(body)</body></html>")
    }

    static let prose = PrecisionTests.prose

    @Test func aStorysToolRowIsNotRead() throws {
        // "article-tools" says "article" too; "tools" is the word that tells.
        let text = try Self.text("""
        <div class="story">\(Self.prose)<ul class="article-tools"><li><span>Font size:</span> <a href="#">Decrease</a>
        <a href="#">Increase</a></li><li><span>Email article:</span> <a href="/e">Email</a></li></ul></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Font size"), "\(text)")
    }

    @Test func bookmarkingIconsAndTheirPitchAreNotRead() throws {
        let text = try Self.text("""
        <div class="entry">\(Self.prose)<div class="sociable"><span><strong>Let Others Know About This Post</strong>
        <span>These icons link to social bookmarking sites where readers can share and discover new web pages.</span></span>
        <ul><li><a href="http://fark.com/"><img alt=""></a></li></ul></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("bookmarking"), "\(text)")
    }

    @Test func anAlsoInHeadingIsNotReadWithoutItsLinks() throws {
        // The links go by their names; the heading over them is left unless it is known.
        let text = try Self.text("""
        <div class="story">\(Self.prose)<div class="panel"><h4>Also in News</h4><div class="related-links"><ul>
        <li><a href="/1">Rates warning: brace yourselves</a></li><li><a href="/2">Whaling clash at sea</a></li></ul></div></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Also in"), "\(text)")
    }

    @Test func aParagraphThatAnnouncesLinksGoesWithThem() throws {
        let text = try Self.text("""
        <article>\(Self.prose)<p>You may also be interested in:</p><p><a href="/contact">Contact the newsroom</a></p></article>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("interested"), "\(text)")
        #expect(!text.contains("newsroom"), "\(text)")
        // Over prose, the same words are the article's.
        let prose = try Self.text("<article><p>Related:</p>\(Self.prose)</article>")
        #expect(prose.contains("Related"), "\(prose)")
        #expect(prose.contains("Tickets cost"))
    }

    @Test func aLastLinkToASectionIsNotRead() throws {
        let text = try Self.text("""
        <article>\(Self.prose)<p><a href="http://www.teamtalk.com/">More Football News from TEAMtalk</a></p></article>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Football"), "\(text)")
    }

    @Test func theSitesNameAndMottoAreNotAHeadline() throws {
        let text = try Self.text("""
        <div id="content"><div id="top"><h1><a href="http://www.example.net/">Blogger News Network</a></h1>
        <p class="descr">High-quality reporting and analysis on the news.</p></div>
        <h2><a href="/2008/01/choir.html">Choir night at the hall</a></h2>\(Self.prose)</div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Blogger"), "\(text)")
        #expect(!text.contains("High-quality"), "\(text)")
        // A heading that links to its own page is the article's.
        #expect(text.hasPrefix("Choir night at the hall"), "\(text)")
    }

    @Test func aSitesNamesJoinedByUnderscoresAreNotSaidInTheTitle() throws {
        let text = try Self.text("<article>\(Self.prose)</article>", title: "Starbucks founder back at helm amid sliding sales_English_Xinhua")
        #expect(text.hasPrefix("Starbucks founder back at helm amid sliding sales The hall"), "\(text)")
        // An underscore inside a headline's words is not a separator.
        let code = try Self.text("<article>\(Self.prose)</article>", title: "How to use my_var in Python")
        #expect(code.hasPrefix("How to use my"), "\(code)")
        #expect(code.contains("Python"), "\(code)")
    }

    @Test func theChosenContainerDoesNotDriftOutward() throws {
        // Each wrapper scores three quarters of the one inside it but far less than the article:
        // climbing step by step would take in the archive's pitch beside it.
        let more = (1...6).map { n in
            "<p>The vicar says the money raised in year \(n) will go to the roof, which leaks, and to the food bank in town, with thanks.</p>"
        }.joined()
        let gallery = #"<p>Photos: the choir, the hall, the vicar, the <a href="/g">gallery of the evening</a>, and more.</p>"#
        let pitch = #"<p>Search our archive, by date, by town, by name, for <a href="/archive">more stories on this topic</a>.</p>"#
        let text = try Self.text("""
        <div id="c"><div id="b"><div id="a">\(Self.prose)\(more)</div>\(gallery)\(gallery)</div>\(pitch)\(pitch)</div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Search our archive"), "\(text)")
    }

    @Test func aRailsPanelInsideTheRailIsOneCandidateNotTwo() throws {
        // Two well-named boxes, one inside the other, are one part: not an article split in two.
        let text = try Self.text("""
        <div id="w"><div id="l"><div id="story">\(Self.prose)<p>The parish hall has been repainted for the season, in white and blue, and the new chairs arrived.</p></div></div>
        <div id="rc"><div class="right-content-panel"><div class="content-panel-special"><div>
        <p>The latest listing of radio programs for the city and the country.</p></div></div></div></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("radio"), "\(text)")
    }

    @Test func aSharingWidgetsIconIsNotDescribed() throws {
        let text = try Self.text("""
        <div class="entry">\(Self.prose)<div class="ted-addthis"><a href="http://www.addthis.com/bookmark.php">
        <img src="http://s7.addthis.com/btn.gif" alt="Bookmark and Share"></a></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Bookmark"), "\(text)")
    }

    @Test func anInvitationToFollowTheWriterIsNotRead() throws {
        let text = try Self.text("""
        <article>\(Self.prose)<p>Follow <a href="http://twitter.com/DJMatthewDalton">@DJMatthewDalton</a> on Twitter.</p></article>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Follow"), "\(text)")
        // A sentence that starts so is prose.
        let prose = try Self.text("<article>\(Self.prose)<p>Follow the river path on foot to reach the hall from the station.</p></article>")
        #expect(prose.contains("river path"), "\(prose)")
    }

    @Test func withoutATitleTheSitesNameIsNotTakenForOne() throws {
        let html = """
        <html><body><div id="content"><h1><a href="/">Blogger News Network</a></h1>
        <div class="post"><h2>Choir night at the hall</h2>\(Self.prose)</div></div></body></html>
        """
        let result = try HTMLReader.read(bytes: Array(html.utf8), path: "page.html")
        let text = result.script.blocks.flatMap { $0.runs.compactMap(\.spoken) }.joined(separator: " ")
        #expect(!text.contains("Blogger"), "\(text)")
        #expect(text.contains("Choir night"), "\(text)")
    }

    @Test(arguments: ["Page 1", "Pages: 1 2 3 Next »", "« Previous | Next ›"])
    func linksToAStorysPagesAreNotRead(pager: String) throws {
        let text = try Self.text("<div class=\"story\">\(Self.prose)<div>\(pager)</div></div>")
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Page") && !text.contains("Next"), "\(text)")
    }

    @Test func aPagersNameSaysSo() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<div id="next-previous_page_links">Go to <a href="?p=2">the second part</a></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("second part"), "\(text)")
    }

    @Test(arguments: ["Have your say", "12 Responses to “Choir night”", "Reader comments", "5 thoughts on “Choir night”",
                      "One thought on “Choir night”"])
    func readersCommentsUnderOtherHeadingsAreNotRead(heading: String) throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<h3>\(heading)</h3><div class="c"><p>What a lovely evening it was, thank you all, from the three of us.</p>
        <p>Posted by: Ann of Bath, 7:57am today</p></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("lovely evening"), "\(text)")
    }

    @Test func aBoxLeftWithOnlyItsHeadingGoesWithWhatItHeld() throws {
        // "Latest headlines" goes by its heading; "Extras" over it is then a heading over nothing.
        let text = try Self.text("""
        <div class="story">\(Self.prose)<div id="x"><h4>Extras</h4><div><h5>Latest headlines</h5><p>Multi-vehicle crash on the ring road,
        and a late goal, as the rain comes down.</p></div></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Latest"), "\(text)")
        #expect(!text.contains("Extras"), "\(text)")
    }

    @Test(arguments: ["Photo Gallery&gt;&gt;&gt;", "More photos »", "Next story ›"])
    func aLinkThatPointsOnwardWithArrowsIsNotRead(link: String) throws {
        let text = try Self.text("""
        <article>\(Self.prose)<p>(File photo: the choir at practice in the hall.)<br><a href="/photos/">\(link)</a></p></article>
        """)
        #expect(text.contains("choir at practice"), "\(text)")
        #expect(!text.contains("Gallery") && !text.contains("More photos") && !text.contains("Next story"), "\(text)")
    }

    @Test func aRowOfToolsIsNotReadByItsWordsAlone() throws {
        // No name says so, and they are scripts' buttons, not links; every word is a tool's.
        let text = try Self.text("""
        <article>\(Self.prose)<div><span onclick="mail()">Email this story</span> | <span onclick="print()">Print this story</span>
        | <span onclick="share()">Share</span></div>
        <p>Choirs from Bath, Wells and Frome will join in, and <span>send email</span> to the vicar to reserve a seat.</p></article>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Print this story"), "\(text)")
        // A phrase of the same words inside a sentence is the sentence's.
        #expect(text.contains("send email to the vicar"), "\(text)")
    }

    @Test func withoutATitleOrHeadingTheElementNamedHeadlineIsTheTitle() throws {
        // An old table layout: no <title>, no <h1>, the headline a span named so in a row of its own.
        let html = """
        <html><body><table><tr><td><span class="articleHeadline">Feds grant appeal in toolbar patent case</span></td></tr>
        <tr><td><span class="articleText">\(Self.prose)</span></td></tr></table></body></html>
        """
        let result = try HTMLReader.read(bytes: Array(html.utf8), path: "page.html")
        #expect(result.script.blocks.first?.kind == .title)
        let text = result.script.blocks.flatMap { $0.runs.compactMap(\.spoken) }.joined(separator: " ")
        #expect(text.hasPrefix("Feds grant appeal in toolbar patent case"), "\(text)")
        #expect(text.contains("Tickets cost"))
    }
}

extension SignpostTests {
    @Test(arguments: [
        #"<p>Filed under: <a href="/c/news">News</a></p>"#,
        ##"<p>Posted in <a href="/c/news">News</a> | <a href="#comments">3 Comments</a></p>"##,
        #"<p>Tags: <a href="/t/a">politics</a>, <a href="/t/b">music</a></p>"#,
        #"<div>Share: <a href="https://twitter.com/x">Twitter</a> <a href="https://facebook.com/x">Facebook</a></div>"#,
        #"<p><a href="/more">Continue reading →</a></p>"#,
        #"<p>Comments (3)</p>"#,
    ])
    func whereAStoryIsFiledAndHowToGoOnAreNotRead(line: String) throws {
        let text = try Self.text(#"<div class="story">\#(Self.prose)\#(line)</div>"#)
        #expect(text.contains("Tickets cost"))
        for word in ["News", "politics", "Twitter", "Continue", "Comments"] { #expect(!text.contains(word), "\(text)") }
    }

    @Test func aSentenceWithALabelIsNotAFiling() throws {
        let text = try Self.text(#"<div class="story">\#(Self.prose)<p>Tickets: five pounds at the door, from <a href="/box">the box office</a>.</p></div>"#)
        #expect(text.contains("the box office"), "\(text)")
    }
}
