import Foundation
import ReciteHTML
import ReciteScript
import Testing

/// Small hand-written pages, one per kind of furniture inside an article's own markup: what a
/// listener would hear besides the article ("hash", "caret", "[edit]", the reference list …).
@Suite struct ApparatusTests {
    static let prose = """
    <p>The committee met on a grey morning, and after a long debate, with many objections, it agreed to fund the bridge.</p>
    <p>Work began in spring, the river was low, and the first piers rose quickly, which surprised the engineers on site.</p>
    <p>By autumn the deck was laid, the railings were painted, and the town held a small fair to mark the opening.</p>
    """

    /// The words said for an article whose body is `prose` with `inside` after it (and `before`
    /// ahead of it), in article mode or whole.
    static func said(_ inside: String, before: String = "", options: HTMLOptions = HTMLOptions()) throws -> String {
        let page = "<html><head><title>The bridge</title></head><body><article><h1>The bridge</h1>\(before)\(prose)\(inside)</article></body></html>"
        let result = try HTMLReader.read(bytes: Array(page.utf8), path: "page.html", options: options)
        return result.script.blocks.flatMap { $0.runs.compactMap(\.spoken) }.joined(separator: " ")
    }

    @Test(arguments: [
        ##"<h2 id="history">History<a class="headerlink" href="#history" title="Permalink to this headline">¶</a></h2>"##,
        ##"<h2 id="history"><a href="#history" aria-label="Anchor">#</a> History</h2>"##,
        ##"<h2 id="history">History <a class="anchor" href="#history">🔗</a></h2>"##,
        ##"<h2 id="history">History</h2><a href="#history">§</a>"##,
    ])
    func headingPermalinksAreNotSaid(heading: String) throws {
        let text = try Self.said(heading + "<p>The old ferry had carried carts across, slowly and at a high price, for a century or more.</p>")
        #expect(text.contains("History The old ferry"), "\(text)")
        for symbol in ["¶", "#", "🔗", "§", "Anchor"] { #expect(!text.contains(symbol), "\(symbol): \(text)") }
    }

    @Test func editLinksInHeadingsAreNotSaid() throws {
        let heading = ##"<div class="mw-heading mw-heading2"><h2 id="Design">Design</h2><span class="mw-editsection"><span>[</span><a href="/edit">edit</a><span>]</span></span></div>"##
        let text = try Self.said(heading + "<p>The design used three spans of stone, each of them wide enough for two carts to pass.</p>")
        #expect(text.contains("Design The design used"), "\(text)")
        #expect(!text.contains("edit") && !text.contains("["), "\(text)")
    }

    @Test func citationMarksAndTheReferenceListAreNotSaid() throws {
        let body = """
        <p>The bridge cost four thousand pounds,<sup class="reference" id="cite_ref-1"><a href="#cite_note-1">[1]</a></sup> a large sum then.<sup><a href="#fn2" role="doc-noteref">2</a></sup></p>
        <h2>References</h2>
        <ol class="references"><li id="cite_note-1"><a href="#cite_ref-1">^</a> Smith, John (1901). <i>Bridges of the North</i>. Retrieved June 26, 2020.</li></ol>
        <section role="doc-endnotes"><ol><li id="fn2"><p>Town records, vol. 2. Retrieved 3 May 2020. <a href="#fnref2" role="doc-backlink">↩︎</a></p></li></ol></section>
        """
        let text = try Self.said(body)
        #expect(text.contains("four thousand pounds, a large sum then."), "\(text)")
        // Notes in prose are the text's own: kept, without their numbers.
        let notes = try Self.said(##"<p>A toll was charged.<sup><a href="#n1">1</a></sup></p><div class="footnotes"><p id="n1"><sup><a href="#r1">1</a></sup>The toll was a penny a cart, and it was lifted after ten years.</p></div>"##)
        #expect(notes.contains("A toll was charged. The toll was a penny a cart"), "\(notes)")
        for gone in ["[1]", "^", "Smith", "Retrieved", "References", "Town records", "↩"] {
            #expect(!text.contains(gone), "\(gone): \(text)")
        }
    }

    @Test func aReferencesSectionAfterAHeadingIsNotSaidButProseNotesAre() throws {
        let references = "<h2>Notes</h2><ul><li>Smith, J. Bridges of the North, 1901.</li><li>Jones, K. Stone and River, 1923.</li></ul>"
        #expect(!(try Self.said(references)).contains("Smith"))
        let notes = "<h2>Notes</h2><p>The bridge still stands, though the railings were replaced in the sixties after a storm that flooded the valley.</p>"
        #expect(try Self.said(notes).contains("railings were replaced"))
    }

    @Test func navigationBoxesAndSisterProjectBoxesAreNotSaid() throws {
        let boxes = """
        <div role="navigation" class="navbox"><table><tr><th>Bridges of the county</th><td><a href="/a">North bridge</a> · <a href="/b">South bridge</a></td></tr></table></div>
        <div class="sistersitebox"><p>Wikimedia Commons has media related to the bridge over the river, with many photographs.</p></div>
        """
        let text = try Self.said(boxes)
        #expect(!text.contains("Bridges of the county") && !text.contains("Wikimedia"), "\(text)")
    }

    @Test func relatedPopularNewsletterShareAndCommentBlocksAreNotSaid() throws {
        let blocks = """
        <div class="p-16 text-18 newsletter-wrapper"><p>Sign up for Town Notes, a weekly newsletter about the council and its plans.</p></div>
        <section><h2>Popular on the Gazette</h2><ul><li><a href="/x">A fox in the town hall surprised the staff</a></li></ul></section>
        <div><h3>Related articles</h3><p><a href="/y">The ferry's last crossing</a> and more from the archive.</p></div>
        <div class="share-buttons"><a href="/t">Twitter</a> <a href="/f">Facebook</a></div>
        <h2>3 Comments</h2><p>Great article, thank you so much for writing it all down for us!</p>
        """
        let text = try Self.said(blocks)
        #expect(text.contains("opening."), "\(text)")
        for gone in ["newsletter", "Popular", "fox", "Related", "ferry", "Twitter", "Comments", "Great article"] {
            #expect(!text.contains(gone), "\(gone): \(text)")
        }
    }

    @Test func photoCreditsAreNotSaidButCaptionsAre() throws {
        let figure = """
        <figure><img src="b.jpg" alt="The bridge at dusk"><figcaption>The bridge at dusk, seen from the west bank. <span class="credit">Photo: Ann Lee / Gazette</span></figcaption></figure>
        <figure><img src="c.jpg" alt=""><figcaption>Workers on the deck in 1902.</figcaption><p class="attribution">Town Archive/Gazette</p></figure>
        <p>(Ellen M. Banner / The Seattle Times)</p>
        <figure><img src="d.jpg" alt=""><figcaption><span>The toll house, rebuilt in 1950. (Ruth Park / Town Gazette)</span></figcaption></figure>
        <figure><img src="e.jpg" alt=""><figcaption>The deck from below. Photo: Sam Cole</figcaption></figure>
        """
        let text = try Self.said(figure)
        #expect(text.contains("seen from the west bank.") && text.contains("Workers on the deck"), "\(text)")
        #expect(text.contains("rebuilt in 1950.") && text.contains("The deck from below."), "\(text)")
        for gone in ["Ann Lee", "Town Archive", "Banner", "Ruth Park", "Sam Cole"] { #expect(!text.contains(gone), "\(gone): \(text)") }
    }

    @Test func wholeModeStillReadsEverything() throws {
        let body = ##"<h2 id="h">History<a class="headerlink" href="#h">¶</a></h2><p>Cost<sup class="reference"><a href="#n1">[1]</a></sup></p><h2>References</h2><ol class="references"><li>Smith, 1901.</li></ol>"##
        let text = try Self.said(body, options: HTMLOptions(content: .whole))
        #expect(text.contains("[1]") && text.contains("Smith") && text.contains("¶"), "\(text)")
    }
}

extension ApparatusTests {
    @Test func aSubheadingThatOnlyBeginsLikeAnAnnouncementHeadsProse() throws {
        let text = try Self.said("""
        <h2>Popular anger grows</h2><p>The toll was set at a penny a cart, which the farmers called robbery, and they said so at market.</p>
        <h2>Recommended changes</h2><p>The review recommended that the toll be halved, and that carts on market days cross free.</p>
        """)
        #expect(text.contains("penny a cart"), "\(text)")
        #expect(text.contains("cross free"), "\(text)")
    }

    @Test func anAnnouncementOverTeasersIsDroppedWhateverFollowsItsFirstWord() throws {
        let teasers = (0..<2).map {
            #"<h3><a href="https://elsewhere.example/story-\#($0).html">Another bridge, in another town, opened at last</a></h3><p>A short summary of that story.</p>"#
        }
        let text = try Self.said("<h2>Recommended for you</h2>" + teasers.joined() + "<h2>Comments from readers</h2><p>I walked across it on the first day, and it was grand, though windy, and the view was fine.</p>")
        #expect(text.contains("town held a small fair"))
        #expect(!text.contains("Another bridge"), "\(text)")
        #expect(!text.contains("walked across it"), "\(text)")
    }
}

extension ApparatusTests {
    @Test(arguments: ["Related stories", "Related", "See also"])
    func theArticleResumesAfterARelatedBoxSetBetweenItsParagraphs(heading: String) throws {
        let text = try Self.said("""
        <h3>\(heading)</h3><ul><li><a href="/a">Ferry to stop running</a></li><li><a href="/b">Tolls rise again</a></li></ul>
        <p>The toll was set at a penny a cart, which the farmers called robbery, and they said so at market.</p>
        <p>In the second year the council halved it, and the carts came back, with the market larger than before.</p>
        """)
        #expect(!text.contains("Ferry"), "\(text)")
        #expect(!text.contains(heading), "\(text)")
        #expect(text.contains("penny a cart"), "\(text)")
        #expect(text.contains("council halved it"), "\(text)")
    }
}

extension ApparatusTests {
    @Test func aSectionThatOnlyBeginsWithCommentsIsTheArticles() throws {
        let text = try Self.said("""
        <h2>Comments from the minister</h2><p>The minister said the bridge was a fine thing, and that the toll would be reviewed in spring.</p>
        <h2>Comments on this story</h2><p>What a lovely bridge it is, and about time too, from all of us at the mill.</p>
        """)
        #expect(text.contains("reviewed in spring"), "\(text)")
        #expect(!text.contains("lovely bridge"), "\(text)")
    }
}
