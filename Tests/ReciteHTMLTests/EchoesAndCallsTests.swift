import Foundation
import ReciteHTML
import ReciteScript
import Testing

/// What a page says twice or points away with, found on development pages of news sites: cards
/// that call to a video or a larger photo, pull quotes, the print edition's note and the line for
/// writing to the reporters, an image's file name as its description, and a page whose `<body>`
/// is named like apparatus. Each case fails without its rule and has a trap that must stay read.
@Suite struct EchoesAndCallsTests {
    static func text(_ body: String, bodyTag: String = "<body>") throws -> String {
        try PrecisionTests.text("<html><head><title>Choir night at the hall</title></head>\(bodyTag)\(body)</body></html>")
    }

    static let prose = PrecisionTests.prose

    @Test func aCardThatCallsToAVideoIsNotRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<div class="rel_container"><div class="rel_content"><div class="rel_headline">
        Miley Cyrus Engaged: Marriage Before 25 a Bad Decision? <a href="javascript:void(0);">Watch Video</a></div></div></div>
        <div><div class="photo_caption">The choir arrives at the fifth annual... <a href="javascript:void(0);">View Full Size</a></div></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("Miley"), "\(text)")
        #expect(!text.contains("Full Size"), "\(text)")
    }

    @Test func aSentenceThatEndsInACallIsRead() throws {
        // A sentence (it ends with a full stop) beside the link is the article's.
        let text = try Self.text("""
        <div class="story">\(Self.prose)<div>The choir recorded its rehearsal for the families. <a href="/v">Watch video</a></div></div>
        """)
        #expect(text.contains("recorded its rehearsal"), "\(text)")
    }

    @Test func aPullQuoteThatRepeatsTheArticleIsNotRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<div class="story-feature"><h2 class="quote"><span>Start Quote</span></h2>
        <blockquote><p>By singing together we build a stronger village</p></blockquote><span>End Quote</span>
        <span>Ann Lee</span></div><p>Ann Lee said: "By singing together we build a stronger village, and we have fun."</p></div>
        """)
        #expect(text.contains("we have fun"), "\(text)")
        #expect(!text.contains("Start Quote"), "\(text)")
        #expect(text.components(separatedBy: "stronger village").count == 2, "\(text)")
    }

    @Test func aBlockQuoteOfItsOwnIsRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<blockquote><p>Sing as if nobody were listening, and listen as if everyone sang.</p></blockquote></div>
        """)
        #expect(text.contains("nobody were listening"), "\(text)")
    }

    @Test func thePrintEditionsNoteAndTheLineForWritingToReportersAreNotRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<p>Write to Caroline Porter at caroline.porter@example.com</p>
        <p>A version of this article appeared July 24, 2012, on page A2 in the U.S. edition of The Journal.</p>
        <p>Write to the council before Friday if you want a seat at the concert.</p></div>
        """)
        #expect(!text.contains("Caroline"), "\(text)")
        #expect(!text.contains("A version"), "\(text)")
        #expect(text.contains("Write to the council"), "\(text)")
    }

    @Test func anImagesFileNameIsNoDescription() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<p><a href="/f/haxforumtopic.png"><img alt="haxforumtopic" src="/f/haxforumtopic.png"></a></p>
        <p><img alt="The choir on the steps of the hall" src="/f/choir-steps.jpg"></p></div>
        """)
        #expect(!text.contains("haxforumtopic"), "\(text)")
        #expect(text.contains("steps of the hall"), "\(text)")
    }

    @Test func aBodyNamedPermalinkIsStillThePage() throws {
        let text = try Self.text("<article class=\"text_post\">\(Self.prose)</article>", bodyTag: "<body class=\"permalink tier2\">")
        #expect(text.contains("Tickets cost"), "\(text)")
    }

    @Test func linksToTheNeighbouringStoriesAndTheForumAreNotRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<br><b>Previous story:</b> <a href="/a">Didgeridoo you want to see some concerts?</a><br>
        <b>Next story:</b> <a href="/b">Beanie buddy gets rapper in trouble</a><br>
        &#8226; Discuss this story on the <a href="/boards">Ontario Hockey League message board</a><br>
        See the <a href="/c">full programme</a> before you come.<br></div>
        """)
        #expect(!text.contains("Didgeridoo"), "\(text)")
        #expect(!text.contains("Beanie"), "\(text)")
        #expect(!text.contains("message board"), "\(text)")
        #expect(text.contains("full programme"), "\(text)")
    }

    @Test func aDisclaimerIsNotRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<p>The opinions expressed in this release are those of the organization issuing it and do not
        necessarily reflect the thoughts or opinions of the site or its staff.</p>
        <p>Lower prices do not necessarily reflect lower costs, the treasurer warned.</p></div>
        """)
        #expect(!text.contains("organization issuing"), "\(text)")
        #expect(text.contains("treasurer warned"), "\(text)")
    }

    @Test func aRowOfVideoCardsOpenedByAScriptIsNotRead() throws {
        // Four cards whose headlines a script opens; one headline too short to tell goes with its row.
        func card(_ title: String, _ text: String) -> String {
            "<div class=\"video_box_item\"><div class=\"video_box_title\"><a href=\"javascript:pop_me_up('http://v.example.com/1')\">\(title)</a></div>"
                + "<div class=\"video_box_desc\">\(text)</div></div>"
        }
        let row = card("A new boss in Buenos Aires", "A former club president makes waves as mayor.")
            + card("Flying human seeks a landing", "A wingsuit flyer wants to land without a parachute.")
            + card("Rugby Recap", "The sports editor discusses the contenders in the cup.")
            + card("Bike sharing hits the Big Apple", "New York City starts a pilot bike sharing program.")
        let text = try Self.text("<div class=\"story\">\(Self.prose)<div class=\"strip\">\(row)</div></div>")
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("wingsuit"), "\(text)")
        #expect(!text.contains("contenders"), "\(text)")
    }

    @Test func aNarrowPanelFloatedIntoTheStoryIsNotRead() throws {
        let text = try Self.text("""
        <div class="story">\(Self.prose)<table align="left" width="170"><tr><td>Your Choir source
        <h3><a href="/blog/1">Newsflash: the tenor sounds a lot like the bass</a></h3> Twenty minutes into the rehearsal of the
        season, with the organ tuned and the hall swept, a reporter finally asked the question everyone wanted to hear answered ...
        <a href="/blog">See more blog entries</a> <b>Choir chat</b> <a href="/chat">Submit your questions</a> for our reporter.
        </td></tr></table><p>The choir sings again on Friday, and the vicar hopes the hall will be full once more.</p></div>
        """)
        #expect(!text.contains("Newsflash"), "\(text)")
        #expect(text.contains("sings again on Friday"), "\(text)")
        // Trap: a wide table of the story's own figures stays.
        let table = try Self.text("""
        <div class="story">\(Self.prose)<table align="left" width="600"><tr><td>Choir members in 2023 and 2024, by voice and by parish, as counted at the door</td></tr></table></div>
        """)
        #expect(table.contains("by voice and by parish"), "\(table)")
    }

    @Test func aTableRowOfTeasersUnderTheirSectionsLabelsIsNotRead() throws {
        func cell(_ label: String, _ title: String, _ text: String) -> String {
            "<td width=\"140\"><div class=\"finghead\"><a href=\"/\(label.lowercased())\">\(label)</a></div>"
                + "<div class=\"h3link\"><a href=\"/\(label.lowercased())/story.html\">\(title)</a></div><div class=\"largetxt\">\(text)</div></td>"
        }
        let row = "<table><tr>" + cell("BUSINESS", "Britain booted out of the table", "The country drops out of the competitiveness table.")
            + cell("TRAVEL", "Wondrous Norfolk in winter", "A spectacular wildlife show takes off in East Anglia.")
            + cell("ARTS", "Photographs of the refugees", "A look at an artist nominated for the photography prize.") + "</tr></table>"
        let text = try Self.text("<div class=\"story\">\(Self.prose)\(row)</div>")
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("wildlife show"), "\(text)")
    }

    static let thread = (1...30).map { k in
        "<div class=\"item\"><p>Reader \(k) thinks the choir should sing longer, and that the hall needs a better heater before winter comes.</p>"
            + "<p class=\"credit\">Posted By: reader\(k) | January 07 2008 at 03:06 PM</p></div>"
    }.joined()

    @Test func commentsThatOutnumberTheArticleAreStillComments() throws {
        let text = try Self.text("""
        <div class="blog"><div class="item"><h1>Choir night</h1>\(Self.prose)</div><div class="comment_container"><div id="comments">\(Self.thread)</div></div></div>
        """)
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("better heater"), "\(text)")
    }

    @Test func commentsKnownByTheirSignaturesAreNotRead() throws {
        let signed = (1...3).map { k in
            "<p class=\"story\">I live in town \(k) and have sung with them for years, and I am sorry to hear the hall may close.<br><b>Posted by Paul \(k) on January 6, 2008 2:09 PM</b> <a href=\"mailto:x@example.com\">Report this comment</a></p>"
        }.joined()
        let text = try Self.text("<div class=\"story\">\(Self.prose)<div class=\"yvhd\">Comments</div>\(signed)</div>")
        #expect(text.contains("Tickets cost"))
        #expect(!text.contains("sung with them"), "\(text)")
        // Trap: an article whose byline comes first is not a comment.
        let article = try Self.text("<div class=\"story\"><p>Posted by Ann Lee on May 5</p>\(Self.prose)</div>")
        #expect(article.contains("Tickets cost"), "\(article)")
    }

    @Test func commentsHeadedByTheirSignaturesAreNotRead() throws {
        let headed = (1...3).map { k in
            "<div class=\"b_box\">Posted by: sigil \(k) on 1:19pm Thu 17 Jan 08</div>"
                + "<div class=\"entry\">It is time the choir's funding was set out in advance, so people know what they give to, says reader \(k).</div>"
        }.joined()
        let text = try Self.text("<div class=\"story\">\(Self.prose)<p>The vicar thanked the families who brought candles to the hall last year, and the children who sang in the porch.</p><p>Next year the choir hopes to travel to the cathedral, where it last sang before the war, and to record its carols there.</p>\(headed)</div>")
        #expect(text.contains("Tickets cost"))
        #expect(text.contains("vicar thanked"), "\(text)")
        #expect(!text.contains("funding was set out"), "\(text)")
    }
}
