#!/usr/bin/env python3
"""Real English prose from ../shared/corpus, for benchmarks that must not run on generated text
(generated sentences hid a quadratic path: issue 25).

Paragraphs come from the article text Readability extracts from the shared HTML pages
(expected.html) and from the English Markdown documents' plain paragraphs. `prose(size)` repeats
them in order until `size` bytes; `one_paragraph` joins them with single newlines (one CommonMark
paragraph, as a text file of lines is) and `paragraphs` with blank lines.

Usage: python3 Benchmarks/real_prose.py SIZE_BYTES OUT_ONE_PARAGRAPH.md OUT_PARAGRAPHS.md
"""
import html.parser, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
# Markdown documents in other languages, and those that are mostly tables or lists.
NOT_ENGLISH = re.compile(r"-(fr|es|de|cy|it|nl|pt)-|tldr|emoji")


class Paragraphs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth, self.current, self.found = 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.depth += 1

    def handle_endtag(self, tag):
        if tag == "p" and self.depth:
            self.depth -= 1
            text = " ".join("".join(self.current).split())
            if len(text) > 80:
                self.found.append(text)
            self.current = []

    def handle_data(self, data):
        if self.depth:
            self.current.append(data)


def corpus_paragraphs():
    if not os.path.isdir(CORPUS):
        sys.exit(f"real_prose: {CORPUS} is missing (the shared corpus sits beside the checkout)")
    found = []
    html_root = os.path.join(CORPUS, "html")
    for page in sorted(os.listdir(html_root)):
        path = os.path.join(html_root, page, "expected.html")
        if os.path.exists(path):
            parser = Paragraphs()
            with open(path, encoding="utf-8", errors="replace") as f:
                parser.feed(f.read())
            found += parser.found
    md_root = os.path.join(CORPUS, "markdown")
    for name in sorted(os.listdir(md_root)):
        if NOT_ENGLISH.search(name):
            continue
        with open(os.path.join(md_root, name), encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        for block in re.split(r"\n\s*\n", text):
            lines = block.strip().splitlines()
            # Plain paragraphs only: no headings, lists, tables, quotes, front matter or HTML.
            if lines and all(re.match(r"[A-Za-z\"'(]", l) for l in lines):
                p = " ".join(" ".join(lines).split())
                if len(p) > 80:
                    found.append(p)
    return found


def prose(size):
    paragraphs, out, total = corpus_paragraphs(), [], 0
    while total < size:
        for p in paragraphs:
            out.append(p)
            total += len(p.encode()) + 1
            if total >= size:
                break
    return out


def one_paragraph(paragraphs):
    return "\n".join(paragraphs) + "\n"


def separate_paragraphs(paragraphs):
    return "\n\n".join(paragraphs) + "\n"


if __name__ == "__main__":
    size, one, many = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    ps = prose(size)
    with open(one, "w", encoding="utf-8") as f:
        f.write(one_paragraph(ps))
    with open(many, "w", encoding="utf-8") as f:
        f.write(separate_paragraphs(ps))
