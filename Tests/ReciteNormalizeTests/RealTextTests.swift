import Testing
@testable import ReciteNormalize

/// Readings that real English text needs beyond the basic classes: codes read digit by digit,
/// letters that are not units, addresses, short dates, ratios, idioms and glued forms.
@Suite struct RealTextTests {
    let normalizer = Normalizer()
    func say(_ text: String) -> String { normalizer.normalize(line: text, language: "en-US") }

    /// A one-letter label before a lone colon ("S :" in a theatre's price list) once ended the
    /// street-name lookahead on a forced unwrap of an empty word: the page failed to render.
    @Test(arguments: [
        ("500 S :", "five hundred south:"),
        ("R : 50,000₩ S : 40,000₩", "R: fifty thousand won S: forty thousand won"),
    ])
    func lettersBeforeALoneColon(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("13000", "one three zero zero zero"), ("About 45000 people came", "About forty five thousand people came"),
        ("card ending in 8876", "card ending in eight eight seven six"), ("2788 San Tomas Expy, Santa Clara, CA 95051", "twenty seven eighty eight San Tomas Expressway, Santa Clara, California nine five zero five one"),
        ("PIN 4321", "PIN four three two one"), ("my pnr is t2000", "my pnr is t two thousand"), ("in FY2022", "in FY twenty twenty two"),
        ("Our company offers a 401(k) plan", "Our company offers a four oh one k plan"),
    ])
    func codes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        (".1665", "point one six six five"), (".1 trillion", "point one trillion"), ("0.1 K", "zero point one K"),
        ("0.1 B", "zero point one B"), ("5 KB", "five kilobytes"), ("4s", "four s"), ("2.5 s", "two point five seconds"),
        ("80 s", "eighty s"), ("1980 s", "nineteen eighties"), ("4.4x", "four point four x"), ("1 mbps", "one megabit per second"),
        ("11st", "eleven st"), ("April 29th’s meeting", "April twenty ninth’s meeting"), ("12\"", "twelve inches"),
        ("is 6'2\" tall", "is six feet two inches tall"), ("2x8 m2", "two by eight square meters"),
        ("1980-1970 kg", "one thousand nine hundred and eighty to one thousand nine hundred and seventy kilograms"),
        ("3 hrs 45 mins", "three hours forty five minutes"), ("2 tbsp", "two tablespoons"),
    ])
    func numbersWithLetters(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("Nancy lived at 1428 Elm St. It was late.", "Nancy lived at fourteen twenty eight Elm Street. It was late."),
        ("708 N 1st St, San City", "seven oh eight North first Street, San City"), ("1990 for the Ata ST", "nineteen ninety for the Ata ST"),
        ("lives at 221B Baker St.", "lives at two hundred and twenty one B Baker Street."), ("St. Paul", "Saint Paul"),
    ])
    func addresses(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("due on 4/15.", "due on April fifteenth."), ("open 24/7", "open twenty four seven"), ("a 50/50 chance", "a fifty fifty chance"),
        ("the ratio is 3:1", "the ratio is three to one"), ("1- 2 = 5", "one minus two equals five"), ("in Nov.", "in November."),
        ("On Jan. 5, 2021", "On January fifth, twenty twenty one"), ("Approx. 3 km", "approximately three kilometers"),
        ("Super Bowl LVII", "Super Bowl fifty seven"), ("the 4.5% APR", "the four point five percent \u{2060}A.P.R"),
    ])
    func datesRatiosAndIdioms(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("upgrade / update", "upgrade slash update"), ("14/ they", "fourteen slash they"), ("MIG-25/235212", "MIG twenty five slash two three five two one two"),
        ("check §- and", "check section and"), ("1-800-GO-U-HAUL", "one eight hundred GO U HAUL"),
        ("US$76.3 trillion", "seventy six point three trillion US dollars"), ("file:///a/image.jpg", "file colon slash slash slash a slash image dot jpeg"),
        ("a&b@x.com", "a ampersand b at x dot com"), ("here (4 June 2014).and", "here (the fourth of June twenty fourteen). and"),
    ])
    func signsAndCodes(_ input: String, _ expected: String) { #expect(say(input) == expected) }

    @Test(arguments: [
        ("held Oct. 12-14 in Las Vegas", "held October twelfth to fourteenth in Las Vegas"),
        // Ranges of whole dates, their dash glued to the second month or year, or standing alone.
        ("(Jan. 23-March 27, 2021)", "(January twenty third to March twenty seventh, twenty twenty one)"),
        ("week of Dec. 29, 2023-Jan. 4, 2024 —", "week of December twenty ninth, twenty twenty three to January fourth, twenty twenty four,"),
        ("from March 3 - April 5 only", "from March third to April fifth only"),
        ("He left in March. 4 people came", "He left in March. four people came"), ("$9.99/month", "nine dollars ninety nine cents per month"),
        ("the 1960's", "the nineteen sixties"), ("is 6 ft. tall", "is six feet tall"), ("is 5 ft 4 in tall", "is five feet four inches tall"),
        ("My number is 555-1234.", "My number is five five five, one two three four."), ("200-1500 calories", "two hundred to fifteen hundred calories"),
        ("scored 98/100", "scored ninety eight out of one hundred"), ("cost ~$5 million", "cost about five million dollars"),
        ("1.5k comments", "one point five thousand comments"), ("a 4K TV", "a four K TV"), ("RTX 4090 cards", "RTX forty ninety cards"),
        ("Call 911 now", "Call nine one one now"), ("open Mon-Fri", "open Monday to Friday"),
        ("pressure was 120/80", "pressure was one hundred and twenty over eighty"), ("1.3M vehicles", "one point three million vehicles"),
        ("Sen. Warren and Gov. Newsom", "Senator Warren and Governor Newsom"), ("It costs Rs. 500.", "It costs five hundred rupees."),
        ("the 21st-century challenge", "the twenty first century challenge"), ("Call 1-800-555-1234", "Call one, eight hundred, five five five, one two three four"),
        ("The #MeToo movement", "The hashtag MeToo movement"), ("error of +/- 3 points", "error of plus or minus three points"),
        ("The max. speed", "The maximum speed"), ("Avg. wait", "average wait"),
        ("test .b@gmail.com", "test. b at gmail dot com"), ("wait ...go", "wait... go"),
        ("born c. 1850", "born circa eighteen fifty"), ("in Vol. III", "in volume three"),
        ("ISBN 978-0-306", "I.S.B.N nine seven eight, zero, three zero six"),
        ("costs 50¢.", "costs fifty cents."), ("Version 3.10.2 is out", "Version three point ten point two is out"),
        ("the 80/20 rule", "the eighty twenty rule"), ("Over 2M downloads", "Over two million downloads"),
        ("1080p at 60fps", "ten eighty p at sixty frames per second"), ("the 1/4-inch bolt", "the one quarter inch bolt"),
        ("The sale ends 12/31.", "The sale ends December thirty first."), ("a 5/16 wrench", "a five sixteenths wrench"),
        ("Order no. 98765", "Order number nine eight seven six five"),
        ("Tel. 020 7946 0958", "telephone zero two zero, seven nine four six, zero nine five eight"), ("Call 3 friends", "Call three friends"),
        ("go <noise/> home", "go home"), ("a < b", "a less than b"),
        ("in Springfield, Ill., today", "in Springfield, Illinois, today"), ("born in St. Louis, Mo.", "born in Saint Louis, Missouri."),
        ("the Airbus A380", "the Airbus A- three eighty"), ("a Ford F150", "a Ford F one fifty"),
        ("Flight 370 vanished", "Flight three seventy vanished"), ("Room 101", "Room one oh one"),
        ("20 x 30 ft", "twenty by thirty feet"), ("1 in 5 adults", "one in five adults"), ("1,000 sq mi", "one thousand square miles"), ("the 9/11 attacks", "the nine eleven attacks"),
    ])
    func moreRealText(_ input: String, _ expected: String) { #expect(say(input) == expected) }
}
