#!/usr/bin/env python3
"""Recite's soak test (`make soak`): plays N nights (default 30, env SOAK_NIGHTS) of a nightly cron
job over a copy of real articles from ../shared/corpus (Markdown cut to their first 40 lines, and
saved web pages), with faults at random (seeded: env SOAK_SEED), and checks after every night that
nothing was lost.

Each night the input folder changes (documents added, from unused corpus articles or as
paragraph-shuffled variants; edited, renamed, some into a subfolder; deleted), and about two nights
in five meet a fault of the disk or of the input, the others two kills (of two different commands):
- SIGKILL at a random moment (up to the previous clean run's length) of `recite build`, of `recite
  book --format epub` or `m4b` (into OUT/book) or of `recite cache prune`; or the built-in kill
  points (RECITE_KILL_AT: "write manifest.json", "write NAME.wav" or another file of a document
  being rendered, "write book.epub", "write book.m4b", "prune", "encode", "remux", "bind"); each
  followed by the same command run cleanly. Every file a killed run left must be whole: as it was
  before the run or as the clean run leaves it; none of the run's processes may outlive it.
- the cache on a full tmpfs (--cache): every document renders, one warning, exit 0;
- the output folder on a tmpfs filled to its last byte (a copy of yesterday's): exit 1, "no space
  left", no raw "Error Domain" text, yesterday's files byte for byte, no .partial file;
- a document that cannot be read (chmod 000; as root the run is made as user nobody through
  setpriv, as permissions do not stop root): exit 1, the document named and failed, its earlier
  outputs kept, the others rendered;
- a folder where a document was (the document vanished): the others render.
(The tmpfs faults need root; without it they are skipped, and the night line says so.)

After the night's last clean run it checks, and counts every violation as lost: every audio file of
manifest.json decodes and is as long as the manifest and its timing sidecar say (±0.01 s); every
sidecar validates (format, words in order, inside the audio, each word's bytes of the source as it
is now valid UTF-8 and, for Markdown, its text); documents unchanged since the night before have
byte-identical outputs; the manifest holds one ok entry per document of the input, whose files
exist, and no entry for a document that is gone (a deleted or renamed document's entry and outputs
go: such an entry is counted once, the night it appears); a second clean run synthesizes nothing; no .partial
file anywhere. Every fourth night (and after prune faults) `recite cache prune`, then `recite cache
info` must count 0 damaged entries and at most 1.5 times the bytes per second of audio of the first
night's pruned cache, and a build after every document's outputs were removed must synthesize
nothing and write the same bytes again.

Prints one line per night and a summary line; exits 1 if anything was lost, listing each loss.
Usage: python3 Benchmarks/soak.py [--recite .build/release/recite] [--nights 30] [--seed 7]
Works in a temporary folder under /tmp, removed at the end (also on failure or Ctrl-C).
"""
import argparse, hashlib, json, os, random, re, shutil, signal, subprocess, sys, tempfile, time, wave, zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
FLAGS = ["--voice", "en-us", "--jobs", "2"]
DOCUMENT_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".ssml")
FIRST_HTML = ["simplyfound-1", "ehow-1"]           # 130 and 175 s of audio
POOL_HTML = ["theverge", "wordpress", "yahoo-1"]   # 230-290 s
INITIAL_MARKDOWN = 12
LINES = 40
MIN_DOCUMENTS, MAX_DOCUMENTS = 7, 16
SUMMARY = re.compile(r"rendered (\d+) documents \([^)]*\), (\d+) unchanged, (\d+) segments synthesized, (\d+) from cache, (\d+) failed")
INFO = re.compile(r"(\d+) entries, (\d+) damaged, (\d+) bytes")
NOBODY = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

KILLS = ["sigkill build", "sigkill build", "sigkill book epub", "sigkill book m4b", "sigkill prune",
         "kill-point write manifest.json", "kill-point write DOCUMENT", "kill-point write book.epub",
         "kill-point write book.m4b", "kill-point prune", "kill-point encode", "kill-point remux", "kill-point bind"]
SPECIALS = ["full cache", "full output disk", "unreadable document", "folder for a document"]

WORDS = ("the a of to and in that is for it as with was on be by this are from at or an have which "
         "garden kitchen morning station river engine letter window market evening village teacher "
         "doctor painter sailor farmer walked opened carried noticed believed remembered quietly "
         "slowly suddenly carefully early later never always often bright narrow heavy ancient").split()


def sha(data):
    return hashlib.sha256(data).hexdigest()


def file_sha(path):
    with open(path, "rb") as f:
        return sha(f.read())


class Run:
    def __init__(self, cmd, rc, stdout, stderr, wall, killed):
        self.cmd, self.rc, self.stdout, self.stderr, self.wall, self.killed = cmd, rc, stdout, stderr, wall, killed

    def summary(self):
        found = SUMMARY.findall(self.stderr)
        return tuple(int(x) for x in found[-1]) if found else None

    def describe(self):
        return " ".join(os.path.basename(c) if i == 0 else c for i, c in enumerate(self.cmd))


class Soak:
    def __init__(self, recite, nights, seed, verbose=False):
        self.recite, self.nights, self.rng, self.verbose = recite, nights, random.Random(seed), verbose
        self.root = os.geteuid() == 0
        self.work = tempfile.mkdtemp(prefix="recite-soak-", dir="/tmp")
        self.input = os.path.join(self.work, "in")
        self.out = os.path.join(self.work, "out")
        self.book = os.path.join(self.out, "book")
        self.logs = os.path.join(self.work, "logs")
        for folder in (self.input, self.logs):
            os.makedirs(folder)
        self.mounts, self.process = [], None
        self.losses, self.stale_seen = [], set()
        self.faults = self.not_reached = self.checked = 0
        self.walls = {}              # command kind -> seconds of its last clean run (a kill comes within it)
        self.sources = {}            # relative path -> sha of the source, at the end of the last night
        self.outputs = {}            # relative path -> {output file: sha}, at the end of the last night
        self.decoded = {}            # sha of an audio file -> its seconds, once it decoded whole
        self.baseline = None         # cache bytes per second of audio after the first night's prune
        self.night = 0

    # MARK: - Running recite

    def run(self, args, kill_after=None, env=None, as_nobody=False, timeout=600):
        """Runs recite with `args`; with `kill_after`, SIGKILLs it after that many seconds if it is
        still running. Its process group must be empty soon after it ends (workers and checkers
        die with it)."""
        cmd = [self.recite] + args
        full = (NOBODY + cmd) if as_nobody else cmd
        environment = {**os.environ, **(env or {})}
        if as_nobody:
            environment["HOME"] = self.work
        out_path, err_path = os.path.join(self.logs, "stdout"), os.path.join(self.logs, "stderr")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.monotonic()
            self.process = subprocess.Popen(full, stdout=out, stderr=err, env=environment, cwd=self.work,
                                            start_new_session=True)
            killed = False
            try:
                if kill_after is not None:
                    try:
                        self.process.wait(timeout=kill_after)
                    except subprocess.TimeoutExpired:
                        os.kill(self.process.pid, signal.SIGKILL)
                        killed = True
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.lose("(run)", f"{' '.join(args)} still ran after {timeout} s: killed")
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            wall = time.monotonic() - start
        pid, rc, self.process = self.process.pid, self.process.returncode, None
        left = self.group_members(pid, wait=10 if killed else 5)
        if left:
            self.lose("(processes)", f"{len(left)} process(es) of `{' '.join(args)}` outlived it"
                      f"{' (killed)' if killed else ''}: " + "; ".join(left))
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        with open(out_path, errors="replace") as f:
            stdout = f.read()
        with open(err_path, errors="replace") as f:
            stderr = f.read()
        if self.verbose:
            print(f"    {' '.join(args)}{' RECITE_KILL_AT=' + env['RECITE_KILL_AT'] if env else ''}: exit {rc}, "
                  f"{wall:.2f} s{' (killed)' if killed else ''}; {' | '.join(stderr.strip().splitlines()[-2:])[:200]}", flush=True)
        return Run(cmd, rc, stdout, stderr, wall, killed)

    @staticmethod
    def group_members(pgid, wait):
        """Live (not zombie) processes of process group `pgid`, after waiting up to `wait` s for them to end."""
        deadline = time.monotonic() + wait
        while True:
            members = []
            for name in os.listdir("/proc"):
                if not name.isdigit():
                    continue
                try:
                    with open(f"/proc/{name}/stat") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    if int(fields[2]) == pgid and fields[0] not in "ZX":
                        with open(f"/proc/{name}/cmdline", "rb") as f:
                            command = f.read().replace(b"\0", b" ").decode(errors="replace")[:80]
                        members.append(f"{name} {command}")
                except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                    pass
            if not members or time.monotonic() > deadline:
                return members
            time.sleep(0.1)

    # MARK: - Losses, snapshots, the input

    def lose(self, path, what):
        self.losses.append((self.night, path, what))

    def snapshot(self, folder):
        """The sha of every file under `folder`, leaving out the cache, lock files, temporary files
        and (for the build's folder) the book's subfolder."""
        files = {}
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames[:] = [d for d in dirnames if d != ".recite-cache" and os.path.join(dirpath, d) != self.book]
            for name in filenames:
                if name.endswith(".partial") or (name.startswith(".recite") and name.endswith(".lock")):
                    continue
                path = os.path.join(dirpath, name)
                files[os.path.relpath(path, folder)] = file_sha(path)
        return files

    def partials(self):
        return [os.path.relpath(os.path.join(d, n), self.work) for d, _, names in os.walk(self.work)
                for n in names if n.endswith(".partial")]

    def documents(self):
        """The input's documents as recite finds them (relative paths), hidden files left out."""
        found = []
        for dirpath, dirnames, filenames in os.walk(self.input):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in filenames:
                if not name.startswith(".") and name.lower().endswith(DOCUMENT_SUFFIXES):
                    found.append(os.path.relpath(os.path.join(dirpath, name), self.input))
        return sorted(found)

    def read(self, rel):
        with open(os.path.join(self.input, rel), "rb") as f:
            return f.read()

    def write(self, rel, data):
        path = os.path.join(self.input, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)

    def prepare(self):
        """The first night's folder: 12 Markdown articles cut to their first 40 lines and two saved
        pages; the other articles and pages wait in the pool for later nights."""
        folder = os.path.join(CORPUS, "markdown")
        articles = {}
        for name in sorted(os.listdir(folder)):
            if name.endswith(".md"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    articles[name] = ("\n".join(f.read().split("\n")[:LINES]).rstrip() + "\n").encode()
        names = sorted(articles)
        self.rng.shuffle(names)
        for name in names[:INITIAL_MARKDOWN]:
            self.write(name, articles[name])
        pages = {}
        for page in FIRST_HTML + POOL_HTML:
            with open(os.path.join(CORPUS, "html", page, "source.html"), "rb") as f:
                pages[page + ".html"] = f.read()
        for page in FIRST_HTML:
            self.write(page + ".html", pages[page + ".html"])
        self.pool = [(n, articles[n]) for n in names[INITIAL_MARKDOWN:]] + [(p + ".html", pages[p + ".html"]) for p in POOL_HTML]
        self.rng.shuffle(self.pool)

    def paragraph(self, night):
        sentences = []
        for _ in range(self.rng.randint(2, 4)):
            words = [self.rng.choice(WORDS) for _ in range(self.rng.randint(7, 15))]
            extra = self.rng.random()
            if extra < 0.2:
                words.insert(self.rng.randint(1, len(words) - 1), f"{self.rng.randint(2, 90)} m²")
            elif extra < 0.35:
                words.insert(self.rng.randint(1, len(words) - 1), f"on {self.rng.randint(1, 28)}/{self.rng.randint(1, 12)}/20{self.rng.randint(10, 29)}")
            elif extra < 0.45:
                words.insert(self.rng.randint(1, len(words) - 1), f"${self.rng.randint(1, 999)}.{self.rng.randint(10, 99)}")
            words[0] = words[0].capitalize()
            sentences.append(" ".join(words) + self.rng.choice([".", ".", "?", "!"]))
        return f"On night {night}, " + " ".join(sentences)

    @staticmethod
    def renamed(rel, night, folder):
        stem, ext = os.path.splitext(os.path.basename(rel))
        stem = re.sub(r"-r\d\d$", "", stem)
        return os.path.join(folder, f"{stem}-r{night:02}{ext}")

    def mutate(self, night):
        """Adds, edits, renames and deletes documents; returns the night line's words and the
        documents that need rendering (added, edited, renamed)."""
        docs = self.documents()
        untouched = set(docs)
        added, edited, renamed, deleted = [], [], [], []
        for _ in range(1 if len(docs) >= MAX_DOCUMENTS else self.rng.choice([1, 2])):
            if self.pool and self.rng.random() < 0.7:
                name, data = self.pool.pop()
            else:
                source = self.rng.choice(sorted(d for d in untouched if d.endswith(".md")))
                blocks = self.read(source).decode().rstrip("\n").split("\n\n")
                body = blocks[1:]
                self.rng.shuffle(body)
                data = ("\n\n".join(blocks[:1] + body) + "\n").encode()
                name = re.sub(r"(-r\d\d|-shuffled-\d\d)+$", "", os.path.splitext(os.path.basename(source))[0]) + f"-shuffled-{night:02}.md"
            self.write(name, data)
            added.append(name)
        for rel in self.rng.sample(sorted(d for d in untouched if d.endswith(".md")), self.rng.choice([1, 2])):
            blocks = self.read(rel).decode().rstrip("\n").split("\n\n")
            if len(blocks) > 2 and (self.rng.random() < 0.5 or sum(b.count("\n") + 1 for b in blocks) > 55):
                blocks[self.rng.randint(1, len(blocks) - 1)] = self.paragraph(night)
            else:
                blocks.append(self.paragraph(night))
            self.write(rel, ("\n\n".join(blocks) + "\n").encode())
            untouched.discard(rel)
            edited.append(rel)
        rel = self.rng.choice(sorted(untouched))
        folder = os.path.dirname(rel)
        if self.rng.random() < 0.3:
            folder = "" if folder else "archive"
        target = self.renamed(rel, night, folder)
        os.makedirs(os.path.join(self.input, folder), exist_ok=True)
        os.rename(os.path.join(self.input, rel), os.path.join(self.input, target))
        untouched.discard(rel)
        renamed.append(target)
        count = len(self.documents())
        drop = 2 if count > MAX_DOCUMENTS or (count > MAX_DOCUMENTS - 3 and self.rng.random() < 0.4) else 1
        drop = max(0, min(drop, count - MIN_DOCUMENTS, len(untouched)))
        for rel in self.rng.sample(sorted(untouched), drop):
            os.remove(os.path.join(self.input, rel))
            untouched.discard(rel)
            deleted.append(rel)
        words = f"+{len(added)} doc{'s' if len(added) > 1 else ''}, {len(edited)} edited, {len(renamed)} renamed, {len(deleted)} deleted"
        return words, added + edited + renamed

    # MARK: - Checks

    def audio_seconds(self, path, digest=None):
        """The audio's length, once it decoded whole; remembered by content (yesterday's files, and
        those of documents that are gone, are not decoded again every night)."""
        digest = digest or file_sha(path)
        if digest not in self.decoded:
            self.decoded[digest] = self.decode(path)
        return self.decoded[digest]

    @staticmethod
    def decode(path):
        if path.endswith(".wav"):
            with wave.open(path) as w:
                # The header's length and the samples that are there (a torn file keeps its header).
                frames, width = w.getnframes(), w.getsampwidth() * w.getnchannels()
                there = len(w.readframes(frames)) // width
                if there != frames:
                    raise ValueError(f"the header says {frames} frames, the file holds {there}")
                return frames / w.getframerate()
        probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                                "stream=sample_rate:format=duration", "-of", "json", path],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if probe.returncode != 0:
            raise ValueError(probe.stderr.strip()[:200] or f"ffprobe exit {probe.returncode}")
        found = json.loads(probe.stdout)
        header, rate = float(found["format"]["duration"]), int(found["streams"][0]["sample_rate"])
        # The header's length and what decodes (a torn file keeps its header).
        decoded = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1",
                                  "-f", "s16le", "-acodec", "pcm_s16le", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if decoded.returncode != 0 or decoded.stderr.strip():
            raise ValueError("ffmpeg: " + (decoded.stderr.decode(errors="replace").strip()[:200] or f"exit {decoded.returncode}"))
        seconds = len(decoded.stdout) / 2 / rate
        if abs(seconds - header) > (0.001 if path.endswith(".flac") else 0.1):
            raise ValueError(f"the header says {header} s, {seconds:.3f} s decode")
        return header

    def check_sidecar(self, data, audio_duration, source, label, markdown):
        if data.get("format") != "recite.timing":
            self.lose(label, f"sidecar format is {data.get('format')!r}")
        duration = data.get("duration")
        if not isinstance(duration, (int, float)) or abs(duration - audio_duration) > 0.01:
            self.lose(label, f"sidecar duration {duration} but the audio lasts {audio_duration:.5f} s")
            return
        text = None
        if source is not None:
            with open(source, "rb") as f:
                text = f.read()
        bad, previous = [], 0.0
        for i, word in enumerate(data.get("words") or []):
            start, end = word.get("start", -1), word.get("end", -1)
            if not (0 <= start < end <= duration + 1e-6):
                bad.append(f"word {i} {word.get('text')!r} at {start}-{end} of {duration}")
            if start < previous - 1e-6:
                bad.append(f"word {i} {word.get('text')!r} starts at {start}, before the previous word ends ({previous})")
            previous = max(previous, end)
            if text is not None:
                offset, length = word.get("offset", -1), word.get("length", -1)
                piece = text[offset:offset + length]
                if offset < 0 or length < 0 or offset + length > len(text):
                    bad.append(f"word {i} bytes {offset}+{length} outside the source ({len(text)} bytes)")
                    continue
                try:
                    decoded = piece.decode("utf-8")
                except UnicodeDecodeError:
                    bad.append(f"word {i} bytes {offset}+{length} are not UTF-8: {piece[:20]!r}")
                    continue
                if markdown and decoded != word.get("text"):
                    bad.append(f"word {i}: source bytes {decoded!r}, sidecar text {word.get('text')!r}")
        if bad:
            self.lose(label, f"sidecar: {len(bad)} bad word(s), the first: {bad[0]}")

    def check_entry(self, folder, entry, source, label):
        """The files of one manifest entry: there, whole, as long as it says; their shas."""
        outputs = entry.get("outputs") or {}
        shas = {}
        for key in ("audio", "timing", "vtt", "srt", "html"):
            name = outputs.get(key)
            if not name:
                continue
            path = os.path.join(folder, name)
            if not os.path.isfile(path):
                self.lose(label, f"{name} (in the manifest) is missing")
                continue
            shas[name] = file_sha(path)
            if key in ("vtt", "srt"):
                with open(path, "rb") as f:
                    caption = f.read()
                try:
                    caption = caption.decode("utf-8")
                except UnicodeDecodeError:
                    self.lose(label, f"{name} is not UTF-8")
                    continue
                if key == "vtt" and not caption.startswith("WEBVTT"):
                    self.lose(label, f"{name} does not start with WEBVTT")
        if outputs.get("audio") not in shas or outputs.get("timing") not in shas:
            return shas
        try:
            seconds = self.audio_seconds(os.path.join(folder, outputs["audio"]), shas[outputs["audio"]])
        except Exception as error:  # wave.Error, EOFError, ValueError
            self.lose(label, f"{outputs['audio']} does not decode: {error}")
            return shas
        if not isinstance(entry.get("duration"), (int, float)) or abs(entry["duration"] - seconds) > 0.01:
            self.lose(label, f"{outputs['audio']} lasts {seconds:.5f} s, the manifest says {entry.get('duration')}")
        try:
            with open(os.path.join(folder, outputs["timing"]), "rb") as f:
                sidecar = json.loads(f.read())
        except ValueError as error:
            self.lose(label, f"{outputs['timing']} does not parse: {error}")
            return shas
        self.check_sidecar(sidecar, seconds, source, label, markdown=bool(source) and source.endswith((".md", ".markdown")))
        return shas

    def check_folder(self, folder):
        """The manifest of `folder` against the input; returns {document: {output: sha}} for the
        documents of the input."""
        where = os.path.relpath(folder, self.work)
        try:
            with open(os.path.join(folder, "manifest.json"), "rb") as f:
                manifest = json.loads(f.read())
        except (OSError, ValueError) as error:
            self.lose(f"{where}/manifest.json", f"unreadable: {error}")
            return {}
        if manifest.get("format") != "recite.manifest":
            self.lose(f"{where}/manifest.json", f"format is {manifest.get('format')!r}")
        present = {os.path.join(self.input, rel): rel for rel in self.documents()}
        entries = {}
        for entry in manifest.get("documents") or []:
            entries.setdefault(os.path.normpath(os.path.join(self.work, entry.get("source", ""))), []).append(entry)
        shas = {}
        for source, found in sorted(entries.items()):
            rel = present.get(source)
            label = f"{where}: {rel or os.path.relpath(source, self.work)}"
            if len(found) > 1:
                self.lose(label, f"{len(found)} manifest entries for one document")
            entry = found[0]
            if rel is None:
                if (folder, source) not in self.stale_seen:
                    self.stale_seen.add((folder, source))
                    self.lose(label, f"manifest.json still lists this document, which is no longer in the input "
                              f"(status {entry.get('status')}, {entry.get('outputs', {}).get('audio')} kept)")
            elif entry.get("status") != "ok":
                self.lose(label, f"status {entry.get('status')} after a clean night: {entry.get('error')}")
            digest = self.check_entry(folder, entry, source if rel else None, label)
            if rel is not None:
                shas[rel] = digest
        for source, rel in present.items():
            if source not in entries:
                self.lose(f"{where}: {rel}", "no entry in manifest.json")
        return shas

    def check_book(self, form):
        """book.epub a whole zip, book.m4b as long as its sidecar, the JSON files parse; the book
        bound last (`form`) has one chapter per document of the folder."""
        epub = os.path.join(self.book, "book.epub")
        if os.path.exists(epub):
            try:
                with zipfile.ZipFile(epub) as z:
                    names = z.namelist()
                    if z.testzip() is not None or names[0] != "mimetype" or z.read("mimetype") != b"application/epub+zip":
                        self.lose("out/book/book.epub", "a damaged zip or no mimetype first")
                    count = sum(1 for n in names if re.search(r"chapter-\d+\.xhtml$", n))
                    if form == "epub" and count != len(self.documents()):
                        self.lose("out/book/book.epub", f"{count} chapters for {len(self.documents())} documents")
            except (zipfile.BadZipFile, OSError, IndexError) as error:
                self.lose("out/book/book.epub", f"not a zip: {error}")
        timing = chapters = None
        for name in ("book.timing.json", "book.chapters.json"):
            path = os.path.join(self.book, name)
            if os.path.exists(path):
                try:
                    with open(path, "rb") as f:
                        data = json.loads(f.read())
                    if name == "book.timing.json":
                        timing = data
                    else:
                        chapters = data
                except ValueError as error:
                    self.lose(f"out/book/{name}", f"does not parse: {error}")
        def leaves(items):
            # A subfolder is a part: its chapters are inside it.
            for item in items or []:
                if item.get("chapters"):
                    yield from leaves(item["chapters"])
                else:
                    yield os.path.relpath(os.path.join(self.work, item.get("source", "")), self.input)
        if chapters is not None and form == "m4b":
            bound = sorted(leaves(chapters.get("chapters")))
            if bound != self.documents():
                self.lose("out/book/book.chapters.json", f"the book's chapters are not the folder's documents: "
                          f"{sorted(set(bound) ^ set(self.documents()))}")
        m4b = os.path.join(self.book, "book.m4b")
        if os.path.exists(m4b):
            try:
                seconds = self.audio_seconds(m4b)
                if timing and timing.get("audio") == "book.m4b" and abs(seconds - timing.get("duration", -1)) > 0.05:
                    self.lose("out/book/book.m4b", f"lasts {seconds:.3f} s, book.timing.json says {timing.get('duration')}")
            except ValueError as error:
                self.lose("out/book/book.m4b", f"does not decode: {error}")
        if timing:
            self.check_sidecar(timing, timing.get("duration", 0), None, "out/book/book.timing.json", markdown=False)

    def check_whole(self, folder, files, label):
        """After a kill: every file the build or book writes is whole (JSON parses, audio decodes, zip tests)."""
        for rel, digest in sorted(files.items()):
            path = os.path.join(folder, rel)
            try:
                if rel.endswith(".json"):
                    with open(path, "rb") as f:
                        json.loads(f.read())
                elif rel.endswith((".wav", ".flac", ".m4b")):
                    self.audio_seconds(path, digest)
                elif rel.endswith(".epub"):
                    with zipfile.ZipFile(path) as z:
                        if z.testzip() is not None:
                            raise ValueError("a damaged member")
            except Exception as error:
                self.lose(f"{os.path.relpath(folder, self.work)}/{rel}", f"torn after {label}: {error}")

    def expect(self, run, status, what):
        if run.rc != status:
            tail = " | ".join(run.stderr.strip().splitlines()[-3:])
            self.lose(f"({run.describe()})", f"{what}: exit {run.rc}, expected {status}: {tail}")
            return False
        return True

    # MARK: - Commands and faults

    def build_args(self, *extra, out=None):
        return ["build", self.input, "-o", out or self.out, "--captions", "vtt,srt"] + FLAGS + list(extra)

    def book_args(self, form):
        return ["book", self.input, "-o", self.book, "--format", form] + FLAGS

    def prune_args(self):
        return ["cache", "prune", "-o", self.out]

    def clean_build(self, what, *extra):
        run = self.run(self.build_args(*extra))
        if self.expect(run, 0, what) and (run.summary() or (0,) * 5)[4] != 0:
            self.lose(f"({run.describe()})", f"{what}: the summary counts failed documents: {run.summary()}")
        return run

    def kill(self, fault, changed):
        """One killed run (SIGKILL after a random delay, or a kill point), then the same command
        run cleanly; every file the killed run left is whole, as before or as the clean run leaves it."""
        words = fault.split()
        if self.kind_of(fault) == "book":
            # Binding (and its kill point) is for audio books; the read-along EPUB has its own writer.
            form = words[-1] if words[1] == "book" else "epub" if words[-1] == "book.epub" else "m4b"
            kind, args, folder = f"book {form}", self.book_args(form), self.book
        elif self.kind_of(fault) == "prune":
            kind, args, folder = "prune", self.prune_args(), None
        else:
            kind, args, folder = "build", self.build_args(), self.out
        point = None
        if words[0] == "kill-point":
            point = " ".join(words[1:])
            if point == "write DOCUMENT":
                stem = os.path.splitext(os.path.basename(self.rng.choice(changed)))[0]
                point = "write " + stem + self.rng.choice([".wav", ".wav", ".timing.json", ".vtt", ".srt"])
        before = self.snapshot(folder) if folder else {}
        if point:
            run = self.run(args, env={"RECITE_KILL_AT": point})
            reached = run.rc == -signal.SIGKILL
            said = f"kill-point {point}" + ("" if reached else " (not reached)")
        else:
            delay = self.rng.uniform(0, self.expected(kind))
            run = self.run(args, kill_after=delay)
            reached = run.killed
            said = f"SIGKILL {kind} at {delay:.2f} s" + ("" if reached else f" (it had ended, {run.wall:.2f} s)")
        self.faults += 1
        if not reached:
            self.not_reached += 1
            self.expect(run, 0, f"{said}: the run was not killed")
        if folder:
            after = self.snapshot(folder)
            self.check_whole(folder, after, said)
        clean = self.run(args)
        if self.expect(clean, 0, f"the clean run after {said}"):
            self.measured(kind, clean.wall)
        if folder:
            final = self.snapshot(folder)
            where = os.path.relpath(folder, self.work)
            for name, digest in sorted(after.items()):
                # A document's outputs are the same bytes whoever renders them; a book's binding
                # (zip dates) and the manifest's flags are not, and were checked whole above.
                if os.path.basename(name) == "manifest.json" or os.path.basename(name).startswith("book."):
                    continue
                if digest != before.get(name) and digest != final.get(name):
                    self.lose(f"{where}/{name}", f"after {said}: neither the file from before the run nor the next run's")
            # A document deleted or renamed tonight takes its outputs with it, even in a run
            # that is killed later: only the files of documents still in the input must stay.
            present = {os.path.splitext(rel)[0] for rel in self.documents()}
            for name in sorted(set(before) - set(after)):
                if self.output_stem(name) in present:
                    self.lose(f"{where}/{name}", f"after {said}: gone")
        return said, kind, clean

    @staticmethod
    def output_stem(name):
        """The document stem an output file belongs to: "a/b.timing.json" -> "a/b"."""
        for suffix in (".timing.json", ".transcript.json", ".chapters.json"):
            if name.endswith(suffix):
                return name[: -len(suffix)]
        return os.path.splitext(name)[0]

    def mount(self, folder, size):
        os.makedirs(folder, exist_ok=True)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"mount {folder}: {done.stdout.strip()}")
        self.mounts.append(folder)

    def unmount(self, folder):
        if subprocess.run(["umount", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
            subprocess.run(["umount", "-l", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.mounts.remove(folder)
        shutil.rmtree(folder, ignore_errors=True)

    @staticmethod
    def fill(folder):
        """Writes a file into `folder` until its disk is full to the last byte."""
        block = b"\7" * 65536
        fd = os.open(os.path.join(folder, "filler"), os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            for size in (65536, 4096, 1):
                while True:
                    try:
                        if os.write(fd, block[:size]) <= 0:
                            break
                    except OSError:
                        break
        finally:
            os.close(fd)

    @staticmethod
    def raw_error(text):
        return "Error Domain" in text or "NSCocoaErrorDomain" in text

    def full_cache(self):
        """The cache on a full tmpfs: every document renders, one warning names the cache, exit 0."""
        if not self.root:
            return "full cache skipped (not root)", None
        cache = os.path.join(self.work, "full-cache")
        self.mount(cache, "64k")
        try:
            self.fill(cache)
            run = self.run(self.build_args("--cache", cache))
            label = f"({run.describe()})"
            if self.expect(run, 0, "a build with its cache on a full disk"):
                summary = run.summary()
                if not summary or summary[4] != 0:
                    self.lose(label, f"the summary with a full cache: {summary}")
            warnings = run.stderr.count(f"the segment cache in {cache} stopped growing")
            if warnings != 1:
                self.lose(label, f"{warnings} warnings that the cache stopped growing, expected 1")
            if "no space left" not in run.stderr.lower():
                self.lose(label, "the warning does not say 'no space left'")
            if self.raw_error(run.stderr):
                self.lose(label, "raw system error text: " + run.stderr.strip()[:200])
            info = self.run(["cache", "info", "--cache", cache])
            found = INFO.search(info.stdout)
            if info.rc != 0 or not found or found.group(2) != "0":
                self.lose(f"({info.describe()})", f"the full cache: {info.stdout.strip()} {info.stderr.strip()}")
            with open(os.path.join(self.out, "manifest.json"), "rb") as f:
                rendered = [e for e in json.loads(f.read())["documents"]
                            if e.get("status") == "ok" and not e.get("unchanged") and os.path.exists(os.path.join(self.work, e["source"]))]
        finally:
            self.unmount(cache)
        self.faults += 1
        return "full cache (tmpfs 64k)", rendered

    def full_output(self):
        """Yesterday's output folder on a tmpfs filled to its last byte: exit 1, "no space left",
        yesterday's files byte for byte, no temporary file left."""
        if not self.root:
            return "full output disk skipped (not root)"
        used = sum(os.path.getsize(os.path.join(d, n)) for d, dirs, names in os.walk(self.out)
                   for n in names if not os.path.join(d, n).startswith(self.book + os.sep))
        disk = os.path.join(self.work, "full-out")
        self.mount(disk, str((used + (4 << 20)) // 4096 * 4096))
        try:
            for name in os.listdir(self.out):
                source = os.path.join(self.out, name)
                if source == self.book:
                    continue
                if os.path.isdir(source):
                    shutil.copytree(source, os.path.join(disk, name), symlinks=True)
                else:
                    shutil.copy2(source, os.path.join(disk, name))
            yesterday = self.snapshot(disk)
            self.fill(disk)
            run = self.run(self.build_args(out=disk))
            label = f"({run.describe()})"
            self.expect(run, 1, "a build onto a full disk")
            if "no space left" not in run.stderr.lower():
                self.lose(label, "no 'no space left' on a full disk: " + run.stderr.strip()[:200])
            if self.raw_error(run.stderr):
                self.lose(label, "raw system error text: " + run.stderr.strip()[:200])
            now = self.snapshot(disk)
            now.pop("filler", None)
            for name in sorted(set(now) | set(yesterday)):
                if now.get(name) != yesterday.get(name):
                    self.lose(f"full-out/{name}", "yesterday's file " + ("changed" if name in now and name in yesterday else "gone" if name in yesterday else "appeared") + " on a full disk")
            for name in self.partials():
                self.lose(name, "a temporary file left on the full disk")
        finally:
            self.unmount(disk)
        self.faults += 1
        return "full output disk (tmpfs)"

    def open_up(self, locked):
        os.chmod(self.work, 0o777)
        for dirpath, dirnames, filenames in os.walk(self.work):
            for name in dirnames:
                os.chmod(os.path.join(dirpath, name), 0o777)
            for name in filenames:
                path = os.path.join(dirpath, name)
                if path != locked and not os.path.islink(path):
                    os.chmod(path, 0o666)

    def unreadable(self, changed):
        """A document that cannot be read (as user nobody when root): it fails, named; its earlier
        outputs stay; the others render."""
        docs = self.documents()
        rel = self.rng.choice(sorted(d for d in changed if d in docs) if self.rng.random() < 0.5 else docs)
        path = os.path.join(self.input, rel)
        stem = os.path.splitext(rel)[0]
        earlier = {n: d for n, d in self.snapshot(self.out).items() if os.path.splitext(n.replace(".timing.json", ".json"))[0] == stem}
        os.chmod(path, 0)
        try:
            if self.root:
                self.open_up(path)
            run = self.run(self.build_args(), as_nobody=self.root)
        finally:
            os.chmod(path, 0o644)
        label = f"({run.describe()})"
        self.expect(run, 1, f"a build with {rel} unreadable")
        named = [line for line in run.stderr.splitlines() if os.path.basename(rel) + ": error:" in line]
        if not named or "cannot read" not in named[0].lower():
            self.lose(label, f"no 'NAME: error: Cannot read' line for {rel}: " + run.stderr.strip()[:300])
        if self.raw_error(run.stderr):
            self.lose(label, "raw system error text: " + run.stderr.strip()[:200])
        with open(os.path.join(self.out, "manifest.json"), "rb") as f:
            statuses = {os.path.relpath(os.path.join(self.work, e["source"]), self.input): e.get("status")
                        for e in json.loads(f.read())["documents"]}
        for doc in docs:
            want = "failed" if doc == rel else "ok"
            if statuses.get(doc) != want:
                self.lose(f"out: {doc}", f"status {statuses.get(doc)} with {rel} unreadable, expected {want}")
        now = self.snapshot(self.out)
        for name, digest in earlier.items():
            if now.get(name) != digest:
                self.lose(f"out/{name}", f"the unreadable document's earlier output changed")
        self.faults += 1
        return f"unreadable {os.path.basename(rel)} ({'as nobody' if self.root else 'chmod 000'})"

    def folder_for_document(self, changed):
        """A folder where a document was (it vanished): walked as a folder; the others render."""
        rel = self.rng.choice(sorted(set(self.documents()) - set(changed)))
        path = os.path.join(self.input, rel)
        data = self.read(rel)
        os.remove(path)
        os.mkdir(path)
        try:
            run = self.run(self.build_args())
        finally:
            os.rmdir(path)
            self.write(rel, data)
        label = f"({run.describe()})"
        self.expect(run, 0, f"a build with a folder where {rel} was")
        if self.raw_error(run.stderr):
            self.lose(label, "raw system error text: " + run.stderr.strip()[:200])
        summary = run.summary()
        if not summary or summary[4] != 0:
            self.lose(label, f"failed documents with a folder where {rel} was: {summary}")
        self.faults += 1
        return f"folder for {os.path.basename(rel)}"

    # MARK: - Nights

    def plan(self):
        """Faults per night: about one night in three a disk or input fault, the others two kills;
        kinds drawn in shuffled rounds so that each comes up as often as the others."""
        nights = list(range(2, self.nights + 1))
        special = set(self.rng.sample(nights, min(len(nights), round(len(nights) * 12 / 29)))) if len(nights) > 1 else set()
        rounds = {"kill": [], "special": []}

        def draw(pool, kinds, unlike=None):
            # Two kills of one night hit two different commands: a second book (or prune) right
            # after the first would find its work done.
            while True:
                found = [i for i, k in enumerate(rounds[pool]) if unlike is None or self.kind_of(k) != self.kind_of(unlike)]
                if found:
                    return rounds[pool].pop(found[0])
                fresh = list(kinds)
                self.rng.shuffle(fresh)
                rounds[pool] += fresh

        schedule = {1: []}
        for night in nights:
            if night in special:
                schedule[night] = [draw("special", SPECIALS)]
            else:
                first = draw("kill", KILLS)
                schedule[night] = [first, draw("kill", KILLS, unlike=first)]
        return schedule

    def play(self, night, fault_list):
        self.night, start, lost = night, time.monotonic(), len(self.losses)
        if night == 1:
            self.prepare()
            words, changed = f"{len(self.documents())} documents", self.documents()
        else:
            words, changed = self.mutate(night)
        said, reseed, books, last_book = [], None, set(), None
        builds = [f for f in fault_list if f in KILLS and self.kind_of(f) == "build"]
        book_faults = [f for f in fault_list if f in KILLS and self.kind_of(f) == "book"]
        prunes = [f for f in fault_list if f in KILLS and self.kind_of(f) == "prune"]
        for fault in builds:
            said.append(self.kill(fault, changed)[0])
        for fault in fault_list:
            if fault == "full cache":
                text, reseed = self.full_cache()
                said.append(text)
            elif fault == "full output disk":
                said.append(self.full_output())
            elif fault == "unreadable document":
                said.append(self.unreadable(changed))
            elif fault == "folder for a document":
                said.append(self.folder_for_document(changed))
        clean = self.clean_build("the night's build")
        self.measured("build", clean.wall)
        if reseed:
            # What the full cache could not keep is synthesized again when next needed: now, so that
            # the checks after `cache prune` may expect the cache to hold every document.
            for entry in reseed:
                for name in entry["outputs"].values():
                    if os.path.exists(os.path.join(self.out, name)):
                        os.remove(os.path.join(self.out, name))
            self.clean_build("rendering again what the full cache did not keep")
        idle = self.clean_build("a second build, nothing changed")
        summary = idle.summary()
        if summary and (summary[2] != 0 or summary[1] != summary[0]):
            self.lose(f"({idle.describe()})", f"a second build over an unchanged folder did work: {summary}")
        if night == 1:
            for form in ("epub", "m4b"):
                run = self.run(self.book_args(form))
                self.expect(run, 0, f"the first book ({form})")
                self.measured(f"book {form}", run.wall)
                books.add(form)
                last_book = form
        for fault in book_faults:
            text, kind, _ = self.kill(fault, changed)
            said.append(text)
            books.add(kind)
            last_book = kind.split()[-1]
        shas = self.check_folder(self.out)
        self.checked += len(shas)
        for rel, outputs in shas.items():
            old = self.outputs.get(rel)
            if old is not None and self.sources.get(rel) == file_sha(os.path.join(self.input, rel)):
                for name in sorted(set(old) | set(outputs)):
                    if old.get(name) != outputs.get(name):
                        self.lose(f"out: {rel}", f"{name} changed (or went) though the document did not")
        if books:
            self.check_folder(self.book)
            self.check_book(last_book)
        pruned = ""
        if night == 1 or night % 4 == 0 or prunes:
            for fault in prunes:
                said.append(self.kill(fault, changed)[0])
            if not prunes:
                run = self.run(self.prune_args())
                self.expect(run, 0, "cache prune")
                self.measured("prune", run.wall)
            pruned = self.after_prune(shas)
        for name in self.partials():
            self.lose(name, "a temporary file left after a clean night")
        self.sources = {rel: file_sha(os.path.join(self.input, rel)) for rel in self.documents()}
        self.outputs = shas
        faults = ", ".join(said) if said else "none"
        print(f"night {night:02}: {words}; faults: {faults}; {len(shas)} documents checked{pruned}; "
              f"lost {len(self.losses) - lost} ({time.monotonic() - start:.1f} s)", flush=True)

    def measured(self, kind, wall):
        self.walls[kind] = wall

    def expected(self, kind):
        return self.walls.get(kind, 1.0)

    @staticmethod
    def kind_of(fault):
        words = fault.split()
        if words[1] == "book" or words[-1] in ("book.epub", "book.m4b", "encode", "remux", "bind"):
            return "book"
        return "prune" if words[-1] == "prune" else "build"

    def after_prune(self, shas):
        """After `cache prune`: no damaged entry, a bounded size, and every document again from the
        cache alone, byte for byte."""
        info = self.run(["cache", "info", "-o", self.out])
        found = INFO.search(info.stdout)
        if info.rc != 0 or not found:
            self.lose(f"({info.describe()})", f"no counts: {info.stdout.strip()} {info.stderr.strip()}")
            return ""
        damaged, size = int(found.group(2)), int(found.group(3))
        if damaged:
            self.lose("out/.recite-cache", f"{damaged} damaged entries after cache prune")
        with open(os.path.join(self.out, "manifest.json"), "rb") as f:
            seconds = sum(e.get("duration") or 0 for e in json.loads(f.read())["documents"]
                          if os.path.exists(os.path.join(self.work, e["source"])))
        if self.baseline is None:
            self.baseline = size / max(seconds, 1)
        elif size > 1.5 * self.baseline * seconds:
            self.lose("out/.recite-cache", f"{size} bytes after prune for {seconds:.0f} s of audio: more than 1.5 × "
                      f"the first night's {self.baseline:.0f} bytes per second")
        for rel in shas:
            for name in shas[rel]:
                os.remove(os.path.join(self.out, name))
        run = self.clean_build("a build after cache prune, every document's outputs removed")
        summary = run.summary()
        if summary and summary[2] != 0:
            self.lose("out/.recite-cache", f"after cache prune, rendering every document again synthesized {summary[2]} segments")
        for rel, outputs in shas.items():
            for name, digest in outputs.items():
                path = os.path.join(self.out, name)
                if not os.path.exists(path) or file_sha(path) != digest:
                    self.lose(f"out/{name}", "rendered again from the pruned cache, not the same bytes")
        return f"; cache pruned ({size / 1e6:.1f} MB, {damaged} damaged, {summary[2] if summary else '?'} synthesized again)"

    def cleanup(self):
        for name in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(name, signal.SIG_IGN)
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            except (ProcessLookupError, OSError):
                pass
        for folder in list(reversed(self.mounts)):
            self.unmount(folder)
        shutil.rmtree(self.work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--nights", type=int, default=int(os.environ.get("SOAK_NIGHTS", "30")))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SOAK_SEED", "7")))
    ap.add_argument("--verbose", action="store_true", help="print every command, its exit status and time")
    args = ap.parse_args()
    recite = os.path.abspath(args.recite)
    if not os.access(recite, os.X_OK):
        sys.exit(f"soak: {recite} is not there: swift build -c release first")
    if not os.path.isdir(os.path.join(CORPUS, "markdown")):
        print(f"soak: {CORPUS} is missing (a clone without ../shared): skipped")
        return
    def interrupted(*_):
        raise KeyboardInterrupt()
    # Also when started in the background (where SIGINT comes ignored): the work folder goes.
    for name in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(name, interrupted)
    soak = Soak(recite, args.nights, args.seed, args.verbose)
    start = time.monotonic()
    print(f"soak: {args.nights} nights, seed {args.seed}, {recite}, in {soak.work}"
          f"{'' if soak.root else ' (not root: the tmpfs faults are skipped)'}", flush=True)
    try:
        schedule = soak.plan()
        for night in range(1, args.nights + 1):
            soak.play(night, schedule[night])
    except KeyboardInterrupt:
        print(f"soak: interrupted in night {soak.night}", flush=True)
        sys.exit(130)
    finally:
        soak.cleanup()
    for night, path, what in soak.losses:
        print(f"lost: night {night:02}: {path}: {what}")
    extra = f" ({soak.not_reached} did not land: the run had ended, or the kill point was not on its way)" if soak.not_reached else ""
    print(f"soak: {args.nights} nights, {soak.faults} faults injected{extra}, {soak.checked} documents checked, "
          f"lost: {len(soak.losses)} ({time.monotonic() - start:.0f} s)")
    sys.exit(1 if soak.losses else 0)


if __name__ == "__main__":
    main()
