#!/usr/bin/env python3
"""HTML article extraction on the development set (../shared/corpus/html): how much of each page's
article Recite reads, how little else, and whether each word's source span points at that word.

Every page's source.html is copied into a folder as NAME.html and built for real with
`recite build FOLDER -o OUT`; each OUT/NAME.timing.json is then read back:

- recall / precision: bag-of-words overlap (a multiset: lower-cased, punctuation stripped) between
  the sidecar's words and the words of expected.html's text (Mozilla Readability's extraction). A
  span whose page text the normalizer read out ("1990s" said as "nineteen nineties") counts as the
  page's word, once; a span that does not hold what was said ("Code sample." for a code block)
  counts as the words said;
  "recall w/o code" leaves out of expected.html the <pre> blocks that look like code (dense in program
  symbols: Readability keeps their text, Recite announces them);
- positions: the share of sidecar words whose span (offset/length) holds, entity-decoded and with
  tags removed, the word that was said. A span read out by the normalizer ("18 June 2015" said as
  "the eighteenth of June twenty fifteen") counts when it has digits or symbols and each run of
  letters in it was said; "strict" counts only spans that hold exactly the spoken words.

A corpus folder holds one folder a page: source.html (or source.html.gz) and the gold as
expected.html or as plain text, expected.txt (Eval/html's layout, see build_html_eval.py). `--split
held` takes only the pages whose name's SHA-1 (hex, as an integer) is divisible by 3, `--split dev`
the others: rules are tuned on the development part only.

Usage: python3 Benchmarks/html_extraction.py [--recite .build/release/recite] [--corpus DIR] [--pipeline P]
       [--split all|dev|held] [--floors] (exit 1 if overall recall or precision < 90% or positions < 95%)
"""
import argparse, collections, gzip, hashlib, html, html.parser, json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class TextOf(html.parser.HTMLParser):
    """The text of a page (script and style left out), as a reader would see it."""

    def __init__(self, skip_code=False):
        super().__init__(convert_charrefs=True)
        self.parts, self.skip, self.skip_code = [], 0, skip_code
        self.pre = None  # the text of the <pre> being read, when code is left out

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        if tag == "pre" and self.skip_code and self.pre is None:
            self.pre = []
        self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1
        if tag == "pre" and self.pre is not None:
            text = "".join(self.pre)
            letters = sum(c.isalpha() for c in text)
            symbols = sum(c in "{}[]();=<>*/\\|$#_&+" for c in text)
            if symbols * 12 <= letters:  # prose in a <pre> (a plain-text RFC), read by Recite
                self.parts.append(text)
            self.pre = None
        self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            (self.pre if self.pre is not None else self.parts).append(data)


def text_of(markup, skip_code=False):
    parser = TextOf(skip_code)
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


def words(text):
    out = []
    for token in text.split():
        w = re.sub(r"[\W_]", "", token.lower())
        if w:
            out.append(w)
    return out


def decoded(raw):
    """Raw bytes of a span as a reader sees them: tags removed, entities decoded."""
    return html.unescape(re.sub(r"<[^>]*>", "", raw))


def read_out(text, spoken):
    """Whether `text` is a token the normalizer read out as `spoken` ("18 June 2015" as "the
    eighteenth of June twenty fifteen", a URL letter by letter): it has digits or symbols, and
    each run of letters in it is among the words said."""
    if not re.search(r"[^\w\s]|\d", text):
        return False
    said = set(w.lower() for w in spoken)
    said |= set(words(" ".join(spoken)))
    return all(piece.lower() in said for piece in re.findall(r"[^\W\d_]+", text))


def page_source(folder):
    """The page's bytes, from source.html or source.html.gz."""
    plain = os.path.join(folder, "source.html")
    if os.path.isfile(plain):
        with open(plain, "rb") as f:
            return f.read()
    with gzip.open(plain + ".gz", "rb") as f:
        return f.read()


def expected_text(folder):
    """The gold article's text: expected.html's text, or expected.txt as it is."""
    path = os.path.join(folder, "expected.html")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            return f.read(), True
    with open(os.path.join(folder, "expected.txt"), encoding="utf-8") as f:
        return f.read(), False


def is_held(name):
    return int(hashlib.sha1(name.encode()).hexdigest(), 16) % 3 == 0


def evaluate(source_bytes, sidecar, expected_html, is_html=True):
    spans = []  # (offset, length, [spoken words]) in order, each span once
    for w in sidecar["words"]:
        key = (w["offset"], w["length"])
        if spans and spans[-1][0] == key:
            spans[-1][1].append(w["spoken"])
        else:
            spans.append((key, [w["spoken"]]))
    read_words = []
    seen = set()
    strict = lenient = total = 0
    for (offset, length), spoken in spans:
        raw = source_bytes[offset:offset + length].decode("utf-8", errors="replace")
        text = decoded(raw)
        said = words(" ".join(spoken))
        here = words(text)
        total += len(spoken)
        first = (offset, length) not in seen
        seen.add((offset, length))
        if here == said:
            strict += len(spoken)
            lenient += len(spoken)
            if first:
                read_words += here
        elif read_out(text, spoken):
            # Read out by the normalizer: the page's word was said.
            lenient += len(spoken)
            if first:
                read_words += here
        else:
            # Not the page's words at this place (an announcement such as "Code sample.", or a
            # misplaced span): count what was said.
            read_words += said
    expected = collections.Counter(words(text_of(expected_html) if is_html else expected_html))
    got = collections.Counter(read_words)
    overlap = sum((expected & got).values())
    # Code blocks are announced, not read: recall without them as well.
    expected_prose = collections.Counter(words(text_of(expected_html, skip_code=True))) if is_html else expected
    return {
        "recall": overlap / max(1, sum(expected.values())),
        "recall_prose": sum((expected_prose & got).values()) / max(1, sum(expected_prose.values())),
        "precision": overlap / max(1, sum(got.values())),
        "positions": lenient / max(1, total),
        "strict": strict / max(1, total),
        "expected": sum(expected.values()), "read": sum(got.values()), "said": total,
    }


def main():
    ap = argparse.ArgumentParser()
    default_recite = os.path.join(ROOT, ".build/release/recite")
    if not os.path.exists(default_recite):
        default_recite = os.path.join(ROOT, ".build/debug/recite")
    ap.add_argument("--recite", default=default_recite)
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared/corpus/html"))
    ap.add_argument("--pipeline")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--floors", action="store_true")
    ap.add_argument("--split", choices=["all", "dev", "held"], default="all")
    ap.add_argument("--keep", help="build in this folder and keep it")
    args = ap.parse_args()

    pages = sorted(d for d in os.listdir(args.corpus)
                   if any(os.path.isfile(os.path.join(args.corpus, d, f)) for f in ("source.html", "source.html.gz")))
    if args.split != "all":
        pages = [p for p in pages if is_held(p) == (args.split == "held")]
    work = args.keep or tempfile.mkdtemp(prefix="recite-html-bench-")
    inputs, out = os.path.join(work, "in"), os.path.join(work, "out")
    os.makedirs(inputs, exist_ok=True)
    for name in pages:
        with open(os.path.join(inputs, name + ".html"), "wb") as f:
            f.write(page_source(os.path.join(args.corpus, name)))
    # What is read does not depend on the voice: eSpeak NG, the quickest.
    command = [args.recite, "build", inputs, "-o", out, "--jobs", args.jobs, "--quiet", "--voice", "espeak"]
    if args.pipeline:
        command += ["--pipeline", args.pipeline]
    subprocess.run(command, check=False)

    rows, sums = [], collections.Counter()
    print(f"{'page':28} {'recall':>7} {'precis':>7} {'posit':>7} {'strict':>7} {'expect':>7} {'read':>7} {'recall w/o code':>15}")
    for name in pages:
        sidecar_path = os.path.join(out, name + ".timing.json")
        if not os.path.exists(sidecar_path):
            print(f"{name:28} (no sidecar: the page failed)")
            sums["failed"] += 1
            continue
        with open(sidecar_path) as f:
            sidecar = json.load(f)
        source = page_source(os.path.join(args.corpus, name))
        expected, is_html = expected_text(os.path.join(args.corpus, name))
        r = evaluate(source, sidecar, expected, is_html)
        rows.append(r)
        print(f"{name:28} {r['recall']:7.1%} {r['precision']:7.1%} {r['positions']:7.1%} {r['strict']:7.1%} "
              f"{r['expected']:7d} {r['read']:7d} {r['recall_prose']:15.1%}")
        for k in ("expected", "read", "said"):
            sums[k] += r[k]
        sums["overlap"] += r["recall"] * r["expected"]
        sums["lenient"] += r["positions"] * r["said"]
        sums["strictw"] += r["strict"] * r["said"]
    n = max(1, len(rows))
    recall = sums["overlap"] / max(1, sums["expected"])
    precision = sums["overlap"] / max(1, sums["read"])
    positions = sums["lenient"] / max(1, sums["said"])
    print(f"{'overall (words)':28} {recall:7.1%} {precision:7.1%} {positions:7.1%} {sums['strictw'] / max(1, sums['said']):7.1%}")
    print(f"{'lowest precision':28} {'':8}{min((r['precision'] for r in rows), default=0):7.1%}")
    print(f"{'mean of pages':28} {sum(r['recall'] for r in rows) / n:7.1%} {sum(r['precision'] for r in rows) / n:7.1%} "
          f"{sum(r['positions'] for r in rows) / n:7.1%} {sum(r['strict'] for r in rows) / n:7.1%}"
          f"{'':16}{sum(r['recall_prose'] for r in rows) / n:15.1%}")
    if sums["failed"]:
        print(f"{sums['failed']} pages failed")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    if args.floors and (recall < 0.9 or precision < 0.9 or positions < 0.95 or sums["failed"]):
        sys.exit(1)


if __name__ == "__main__":
    main()
