#!/usr/bin/env python3
"""Assembles Recite's own HTML extraction evaluation set (Eval/html/NAME/{source.html.gz,expected.txt})
from saved pages with human gold text, none of them Readability's test pages or the Zyte benchmark's:

- dragnet: Moz's Dragnet data (2012; article text corrected by hand, comments after the
  "!@#$%^&*() COMMENTS" line, however spaced, left out), as mirrored in j-szulc/html-cleaning-dataset-merged;
- l3s: L3S-GN1 (Google News, 2008; seven assessors marked headline, full text, supplemental,
  related content, comments), as kept in geodrome/page-signal; the gold is the text inside the
  headline, full-text and supplemental (captions) spans of the annotated copy;
- cpe: CleanPortalEval (ppke-nlpg; BBC, WSJ blogs, MSNBC, Washington Post blogs, CleanEval's gold
  format: "URL:" line, <p>/<h>/<l> marks).

The pages are picked by a hash of their names, not by looking at them: those whose gold has 120
to 8000 words and whose page is under 600 KB, the first N of each source in SHA-1 order.
A page whose name's SHA-1 (as an integer) is divisible by 3 is held out (see html_extraction.py
--held). The pages themselves are data of their owners (research licences, AGPL-3.0 for
Dragnet's): they are not committed; this script and SOURCES.tsv say where each one came from.

A second batch (`--batch 2`, into Eval/html-second) takes the next N of each source in the same order,
drawn after the first batch's held part had been reported and read: its held third is then the figure for
pages nobody tuned for, and the first batch's held third becomes development. Later batches (`--batch 3`, Eval/html-batch3, and on)
add development pages the same way, each with its own third held.

Usage: python3 Benchmarks/build_html_eval.py MIRRORS_DIR [OUT_DIR] [--batch 1|2]
       (MIRRORS_DIR holds j-szulc+html-cleaning-dataset-merged/repo, ppke-nlpg+CleanPortalEval/repo,
       geodrome+page-signal/repo: bare git snapshots)
"""
import gzip, hashlib, html, html.parser, os, re, subprocess, sys

MERGED = "j-szulc+html-cleaning-dataset-merged"
CPE = "ppke-nlpg+CleanPortalEval"
L3S = "geodrome+page-signal"
COUNTS = {"dragnet": 24, "l3s": 20, "cpe": 14}


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo] + list(args), check=True, capture_output=True).stdout


def sha(name):
    return int(hashlib.sha1(name.encode()).hexdigest(), 16)


class Annotated(html.parser.HTMLParser):
    """The text of L3S-GN1's spans marked headline (1), full text (2) or supplemental (3)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.parts, self.skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        if tag == "span":
            cls = dict(attrs).get("class") or ""
            m = re.search(r"x-nc-sel(\d)", cls)
            self.stack.append(int(m.group(1)) if m else None)
        self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1
        if tag == "span" and self.stack:
            self.stack.pop()
        self.parts.append(" ")

    def handle_data(self, data):
        label = next((s for s in reversed(self.stack) if s is not None), None)
        if not self.skip and label in (1, 2, 3):
            self.parts.append(data)


def decoded(raw):
    """A gold file's text: UTF-8, or UTF-16 where a byte-order mark says so (some of Dragnet's are)."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return raw.decode("utf-16", "replace")
    return raw.decode("utf-8", "replace").lstrip("\ufeff")


def cleaneval_text(raw):
    # The "URL: …" line heads the gold, after a blank line or a byte-order mark at times.
    lines = [line for k, line in enumerate(raw.lstrip("\ufeff").split("\n")) if not (k < 3 and line.strip().startswith("URL:"))]
    text = "\n".join(lines)
    text = re.sub(r"<(p|h|l)>", "\n", text)
    return html.unescape(text)


def candidates(mirrors):
    merged = os.path.join(mirrors, MERGED, "repo")
    mc = git(merged, "rev-parse", "HEAD").decode().strip()
    names = git(merged, "ls-tree", "-r", "--name-only", "HEAD", "dragnet_data/input").decode().split("\n")
    for path in names:
        m = re.match(r"dragnet_data/input/(\d+)\.html$", path)
        if not m:
            continue
        gold_path = f"dragnet_data/GoldStandard/{m.group(1)}.txt"
        def load(path=path, gold_path=gold_path):
            gold = decoded(git(merged, "show", f"HEAD:{gold_path}"))
            # Readers' comments follow a line of symbols ("!@#$%^&*()  COMMENTS", spaced and
            # spelled in several ways, or "CORRECTED"): the article is what comes before it.
            gold = gold.split("!@#$%^&*")[0]
            return git(merged, "show", f"HEAD:{path}"), gold
        yield "dragnet", f"dragnet-{m.group(1)}", (MERGED.replace("+", "/"), mc, path, gold_path), load
    l3s = os.path.join(mirrors, L3S, "repo")
    lc = git(l3s, "rev-parse", "HEAD").decode().strip()
    base = "L3S-GN1-20100130203947-00001"
    for path in git(l3s, "ls-tree", "-r", "--name-only", "HEAD", f"{base}/original").decode().split("\n"):
        m = re.match(rf"{base}/original/([0-9a-f-]+)\.html$", path)
        if not m:
            continue
        gold_path = f"{base}/annotated/{m.group(1)}.html"
        def load(path=path, gold_path=gold_path):
            parser = Annotated()
            parser.feed(decoded(git(l3s, "show", f"HEAD:{gold_path}")))
            parser.close()
            return git(l3s, "show", f"HEAD:{path}"), "".join(parser.parts)
        yield "l3s", f"l3s-{m.group(1)[:8]}", (L3S.replace("+", "/"), lc, path, gold_path), load
    cpe = os.path.join(mirrors, CPE, "repo")
    cc = git(cpe, "rev-parse", "HEAD").decode().strip()
    for path in git(cpe, "ls-tree", "-r", "--name-only", "HEAD", "input").decode().split("\n"):
        m = re.match(r"input/(.+)\.html?$", path)
        if not m:
            continue
        gold_path = f"GoldStandard/{m.group(1)}.txt"
        def load(path=path, gold_path=gold_path):
            return git(cpe, "show", f"HEAD:{path}"), cleaneval_text(decoded(git(cpe, "show", f"HEAD:{gold_path}")))
        name = "cpe-" + re.sub(r"[^a-z0-9]+", "-", m.group(1).lower()).strip("-")
        yield "cpe", name, (CPE.replace("+", "/"), cc, path, gold_path), load


def main():
    args = sys.argv[1:]
    batch = 1
    if "--batch" in args:
        k = args.index("--batch")
        batch = int(args[k + 1])
        del args[k:k + 2]
    mirrors = args[0]
    default = "Eval/html" if batch == 1 else f"Eval/html-batch{batch}"
    out = args[1] if len(args) > 1 else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), default)
    os.makedirs(out, exist_ok=True)
    pool = sorted(candidates(mirrors), key=lambda c: sha(c[1]))
    taken = {k: 0 for k in COUNTS}
    skipped = {k: 0 for k in COUNTS}  # eligible pages seen, the earlier batches' among them
    rows = []
    for kind, name, origin, load in pool:
        if taken[kind] >= COUNTS[kind]:
            continue
        source, gold = load()
        words = len(gold.split())
        if not (120 <= words <= 8000) or len(source) > 600_000:
            continue
        skipped[kind] += 1
        if skipped[kind] <= COUNTS[kind] * (batch - 1):
            continue
        taken[kind] += 1
        os.makedirs(os.path.join(out, name), exist_ok=True)
        with open(os.path.join(out, name, "source.html.gz"), "wb") as f:
            f.write(gzip.compress(source, mtime=0))
        with open(os.path.join(out, name, "expected.txt"), "w", encoding="utf-8") as f:
            f.write(re.sub(r"[ \t]+", " ", gold).strip() + "\n")
        held = "held" if sha(name) % 3 == 0 else "dev"
        rows.append((name, held) + origin + (str(len(source)), str(words)))
    with open(os.path.join(out, "SOURCES.tsv"), "w") as f:
        f.write("name\tsplit\trepository\tcommit\tpage path\tgold path\tpage bytes\tgold words\n")
        for r in sorted(rows):
            f.write("\t".join(r) + "\n")
    print(taken, len(rows))


if __name__ == "__main__":
    main()
