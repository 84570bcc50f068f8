#!/usr/bin/env python3
"""Kokoro beyond English: Recite against kokoro-onnx 0.6.1 in Spanish, French, Italian, Brazilian
Portuguese and Hindi, on real prose, from one run on this machine. For each language it prints one row:
Whisper base word error rate of Recite's audio and of kokoro-onnx's (the same plain-text reference for
both), the margin Recite is allowed (one point, or 5% of kokoro-onnx's figure where that is larger) and
whether it is met, ../shared/tools/timing_whisper.py's verdict on Recite's timing sidecar, the wall-time
ratio Recite / kokoro-onnx (goal <= 1/1.2 = 0.833) and the peak memory of both (Pss summed over the
process tree; goal: Recite's below kokoro-onnx's).

    language  voice     kokoro-onnx lang  Whisper
    es        ef_dora   es                es
    fr        ff_siwis  fr-fr             fr
    it        if_sara   it                it
    pt-BR     pf_dora   pt-br             pt
    hi        hf_alpha  hi                hi
    en        af_heart  en-us             en      (only with --languages en and --files: a harness check)

Recite: `recite build DIR -o OUT --jobs 2 --cache FRESH`, DIR holding the language's documents. With
--voice-mode default (the default) no --voice is given: Recite picks the language's voice from the
documents' `lang:` front matter (until Recite's Kokoro side reads these languages, that is eSpeak NG's
voice of the language, and the figures are eSpeak NG's); --voice-mode named adds `--voice VOICE`.

kokoro-onnx: 0.6.1 on onnxruntime 1.32 (PyPI, pinned in ~/venvs/kokoro as Benchmarks/kokoro.py installs
it), the same model file Recite uses, the voice's style file (510 x 1 x 256 float32), the language code
above, a session with 2 intra-op threads, speed 1.0, in one process for all of a language's documents.
It is given each document's plain text, Markdown stripped (front matter dropped, the heading's text, the
paragraphs, emphasis marks and link targets removed), paragraph by paragraph, as a user of kokoro-onnx
would: one create() call per paragraph. A call holds at most 510 phonemes (kokoro-onnx's
MAX_PHONEME_LENGTH, Kokoro's context), so a paragraph whose phonemes are longer is split at its
sentence ends (. ! ? ... and the Devanagari danda) into as few calls as keep each within 510, sentences packed in order; a single
sentence still longer is left to kokoro-onnx's own cutting (at clause punctuation, then between words).
Parts of one paragraph are joined with 0.25 s of silence (kokoro-onnx's own sentence pause); paragraphs
are joined with nothing between them, as Benchmarks/kokoro.py's reader does. The run prints how many
paragraphs were split.

Both are timed as whole processes by Benchmarks/neural.py's measure(): a run timed alone (wall), then
a run sampled every 50 ms (peak Pss summed over the process tree, CPU seconds, other load); --runs 1
takes all figures from the sampled run only (quicker; wall then includes the sampler's cost).

Intelligibility: ../shared/tools/wer_whisper.py --lang L AUDIO REF.txt on each document's audio, both
engines, REF.txt the document's plain text as kokoro-onnx reads it (one line per paragraph); a
language's figure adds up the documents' errors and reference words. Timing:
../shared/tools/timing_whisper.py --lang L on each of Recite's sidecars (PASS only if all pass). In Hindi,
where Whisper base writes what it hears in Urdu script and timing_whisper.py matches no word, the verdict
is Benchmarks/hindi_timing.py's (the same comparison on consonant skeletons of both scripts).

Sets (--split): dev = Eval/languages/dev, held = Eval/languages/held (one passage per language each,
Eval/languages/SOURCES.tsv), shared = ../shared/corpus/multilingual/LANG/*.md (no front matter: `lang:`
is added to a copy). --files A.md B.md ... reads those files instead (their `lang:` front matter says the
language). A language whose voice style file is not installed is skipped, and the table says so.

Usage: python3 Benchmarks/kokoro_languages.py [--split dev|held|shared] [--languages es,fr,it,pt-BR,hi]
       [--recite .build/release/recite] [--voice-mode default|named] [--runs 2] [--keep]
Work files go under /tmp/recite-klang and are removed at the end (--keep keeps them). Needs
~/venvs/whisper (../shared/tools/whisper_setup.sh) and ~/venvs/kokoro (installed when missing).
"""
import argparse, glob, json, os, re, shutil, subprocess, sys, time, wave

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import neural  # noqa: E402  (the process-tree measurement)
import kokoro  # noqa: E402  (the pinned kokoro-onnx venv and the model's place)

ROOT = os.path.dirname(HERE)
WORK = "/tmp/recite-klang"
LANGS = {   # language -> (Kokoro voice, kokoro-onnx / espeak-ng language, Whisper language)
    "es": ("ef_dora", "es", "es"),
    "fr": ("ff_siwis", "fr-fr", "fr"),
    "it": ("if_sara", "it", "it"),
    "pt-BR": ("pf_dora", "pt-br", "pt"),
    "hi": ("hf_alpha", "hi", "hi"),
    "en": ("af_heart", "en-us", "en"),
}
DEFAULT_LANGUAGES = "es,fr,it,pt-BR,hi"
MAX_PHONEMES = 510
GOAL_WALL = 1 / 1.2
HINDI_TIMING = os.path.join(HERE, "hindi_timing.py")

READER = r'''
import json, sys, time, wave, re, numpy as np, onnxruntime as ort
from kokoro_onnx import Kokoro
model, styles, voice, lang, jobs, threads, stats_path = sys.argv[1:8]
LIMIT, PAUSE = 510, 0.25
options = ort.SessionOptions()
options.intra_op_num_threads = int(threads)
session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
np.savez(stats_path + ".voices.npz", **{voice: np.fromfile(styles, dtype=np.float32).reshape(510, 1, 256)})
kokoro = Kokoro.from_session(session, stats_path + ".voices.npz")
SENTENCE = re.compile(r"(?<=[.!?\u2026\u0964\u0965])[\"'\u00bb\u201d\u2019)\]]*\s+")

def calls(paragraph):
    """The paragraph as it goes to create(): whole when its phonemes fit, else its sentences packed in
    order into as few calls as keep each within LIMIT phonemes (a longer sentence goes alone)."""
    if len(kokoro.tokenizer.phonemize(paragraph, lang)) <= LIMIT:
        return [paragraph]
    out, cur = [], ""
    for s in [s for s in SENTENCE.split(paragraph) if s.strip()]:
        joined = (cur + " " + s).strip()
        if cur and len(kokoro.tokenizer.phonemize(joined, lang)) > LIMIT:
            out.append(cur)
            cur = s
        else:
            cur = joined
    if cur:
        out.append(cur)
    return out

stats = {"paragraphs": 0, "split": 0, "calls": 0, "longest_call": 0, "documents": []}
for job in json.load(open(jobs, encoding="utf-8")):
    parts = []
    for paragraph in job["paragraphs"]:
        pieces = calls(paragraph)
        stats["paragraphs"] += 1
        stats["split"] += len(pieces) > 1
        for k, piece in enumerate(pieces):
            stats["calls"] += 1
            stats["longest_call"] = max(stats["longest_call"], len(kokoro.tokenizer.phonemize(piece, lang)))
            samples, rate = kokoro.create(piece, voice=voice, speed=1.0, lang=lang)
            parts.append(samples)
            if k + 1 < len(pieces):
                parts.append(np.zeros(int(PAUSE * 24000), dtype=np.float32))
    audio = np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)
    with wave.open(job["out"], "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(24000)
        w.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
    stats["documents"].append(job["out"])
json.dump(stats, open(stats_path, "w"))
'''


# ---------------------------------------------------------------------------------------------
# Documents


def front_matter(text):
    """(the YAML front matter's lang or None, the text after the front matter)"""
    m = re.match(r"\A---[ \t]*\n(.*?)\n(?:---|\.\.\.)[ \t]*\n", text, re.S)
    if not m:
        return None, text
    lang = re.search(r"^lang:\s*['\"]?([A-Za-z-]+)", m.group(1), re.M)
    return (lang.group(1) if lang else None), text[m.end():]


def plain_paragraphs(markdown):
    """The text of a simple Markdown document as a reader of it would type it into kokoro-onnx: one
    string per heading or paragraph, its lines joined, markup taken away."""
    _, body = front_matter(markdown)
    out = []
    for block in re.split(r"\n\s*\n", body):
        lines = [l.strip() for l in block.strip().splitlines() if l.strip()]
        if not lines:
            continue
        lines = [re.sub(r"^(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)", "", l) for l in lines]
        t = " ".join(lines)
        t = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", t)            # image: its alt text
        t = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", t)             # link: its text
        t = re.sub(r"<[^>]+>", "", t)                              # inline HTML
        t = re.sub(r"(\*{1,3}|`+)(\S(?:.*?\S)?)\1", r"\2", t)       # *emphasis*, **strong**, `code`
        t = re.sub(r"(?<!\w)(_{1,3})(\S(?:.*?\S)?)\1(?!\w)", r"\2", t)   # _emphasis_
        t = re.sub(r"\s+", " ", t).strip()
        if t:
            out.append(t)
    return out


def documents(args, shared):
    """{language: [Markdown path, ...]} for the chosen set."""
    docs = {}
    if args.files:
        for path in args.files:
            lang, _ = front_matter(open(path, encoding="utf-8").read())
            if not lang:
                sys.exit(f"{path}: no `lang:` in its front matter")
            lang = next((k for k in LANGS if k.lower() == lang.lower() or lang.lower().startswith(k.lower() + "-")), lang)
            docs.setdefault(lang, []).append(os.path.abspath(path))
        return docs
    for lang in LANGS:
        if args.split == "shared":
            paths = sorted(glob.glob(os.path.join(shared, "corpus", "multilingual", lang, "*.md")))
        else:
            paths = []
            for p in sorted(glob.glob(os.path.join(ROOT, "Eval", "languages", args.split, "*.md"))):
                l, _ = front_matter(open(p, encoding="utf-8").read())
                if l == lang:
                    paths.append(p)
        if paths:
            docs[lang] = paths
    return docs


# ---------------------------------------------------------------------------------------------
# Running


def measure(cmd, log, runs, reset=lambda: None, env=None):
    if runs == 2:
        return neural.measure(cmd, log, env=env, reset=reset)
    reset()   # one sampled run: every figure from it
    with open(log, "w") as err:
        busy0, start = neural.machine_busy(), time.monotonic()
        proc = subprocess.Popen(cmd, stdout=err, stderr=err, env=env)
        peak, hwm, cpu = 0, 0, {}
        while True:
            p, h = neural.tree_sample(proc.pid, cpu)
            peak, hwm = max(peak, p), max(hwm, h)
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        wall, busy = time.monotonic() - start, neural.machine_busy() - busy0
    own = sum(cpu.values())
    return {"wall": wall, "sampled_wall": wall, "pss": peak / 1024, "rss": hwm / 1024, "cpu": own,
            "others": max(0.0, busy - own), "status": proc.returncode}


def recite_run(recite, indir, out, extra, runs):
    cache = out + ".cache"
    cmd = [recite, "build", indir, "-o", out, "--jobs", "2", "--cache", cache] + extra

    def reset():
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
    r = measure(cmd, out + ".log", runs, reset=reset)
    shutil.rmtree(cache, ignore_errors=True)
    r["cmd"] = cmd
    if r["status"] != 0:
        r["error"] = f"exit {r['status']}: {neural.tail(out + '.log', 4)}"
        return r
    manifest = json.load(open(os.path.join(out, "manifest.json")))
    r["docs"] = {}
    for d in manifest["documents"]:
        if d.get("status") != "ok":
            r["error"] = f"{d.get('source')}: {d.get('status')}"
            return r
        name = os.path.splitext(os.path.basename(d["source"]))[0]
        r["docs"][name] = {"wav": os.path.join(out, d["outputs"]["audio"]),
                           "timing": os.path.join(out, d["outputs"]["timing"])}
    r["audio"] = sum(neural.wav_seconds(v["wav"]) for v in r["docs"].values())
    return r


def whisper(tool, lang, a, b):
    p = subprocess.run([sys.executable, tool, "--lang", lang, a, b], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    last = (p.stdout.strip().splitlines() or ["(no output)"])[-1]
    return p.returncode, last


def wer_counts(line):
    m = re.search(r"wer=([\d.]+) ref=(\d+) hyp=(\d+) sub=(\d+) del=(\d+) ins=(\d+)", line)
    if not m:
        return None
    ref, s, d, i = int(m.group(2)), int(m.group(4)), int(m.group(5)), int(m.group(6))
    return {"ref": ref, "errors": s + d + i, "sub": s, "del": d, "ins": i}


def total_wer(items):
    items = [x for x in items if x]
    ref = sum(x["ref"] for x in items)
    return 100.0 * sum(x["errors"] for x in items) / ref if ref else None


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--languages", default=DEFAULT_LANGUAGES, help="comma-separated (default: %(default)s)")
    ap.add_argument("--split", choices=("dev", "held", "shared"), default="dev")
    ap.add_argument("--files", nargs="+", help="Markdown files with `lang:` front matter, instead of a split")
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--voice-mode", choices=("default", "named"), default="default")
    ap.add_argument("--styles", default=os.path.join(kokoro.KOKORO, "voices"),
                    help="folder of the voices' style files NAME.bin (default: %(default)s)")
    ap.add_argument("--runs", type=int, choices=(1, 2), default=2,
                    help="2: wall from a run of its own, memory from a second, sampled run; 1: one sampled run")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--venv", default=os.path.expanduser("~/venvs/kokoro"))
    ap.add_argument("--keep", action="store_true", help="keep the work files in " + WORK)
    args = ap.parse_args()
    recite, shared = os.path.abspath(args.recite), os.path.abspath(args.shared)
    model = os.path.join(kokoro.KOKORO, "model.onnx")
    wer_tool = os.path.join(shared, "tools", "wer_whisper.py")
    timing_tool = os.path.join(shared, "tools", "timing_whisper.py")
    for path, what in ((recite, "swift build -c release, or --recite PATH"), (model, ".ci/install-neural"),
                       (wer_tool, "the shared tools"), (timing_tool, "the shared tools")):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing ({what})")
    wanted = [l.strip() for l in args.languages.split(",") if l.strip()]
    unknown = [l for l in wanted if l not in LANGS]
    if unknown:
        sys.exit(f"unknown language(s) {', '.join(unknown)}; known: {', '.join(LANGS)}")
    docs = documents(args, shared)

    started = time.monotonic()
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    py = kokoro.venv(args.venv)
    reader = os.path.join(WORK, "reader.py")
    open(reader, "w").write(READER)
    neural.warm(model)
    print(f"set: {'files' if args.files else args.split}; recite: {recite} (voice mode {args.voice_mode}); "
          f"machine: {os.cpu_count()} cores, load average {neural.load_average()} at start", flush=True)

    rows = []
    for lang in wanted:
        voice, klang, wlang = LANGS[lang]
        styles = os.path.join(args.styles, voice + ".bin")
        row = {"lang": lang, "voice": voice}
        rows.append(row)
        if lang not in docs:
            row["skip"] = "no documents in this set"
            print(f"{lang}: SKIPPED ({row['skip']})", flush=True)
            continue
        if not os.path.exists(styles):
            row["skip"] = f"voice {voice} is not installed ({styles} is missing)"
            print(f"{lang}: SKIPPED: {row['skip']}", flush=True)
            continue
        if os.path.getsize(styles) != 510 * 256 * 4:
            row["skip"] = f"{styles} is not a Kokoro style file (510 x 256 float32)"
            print(f"{lang}: SKIPPED: {row['skip']}", flush=True)
            continue
        work = os.path.join(WORK, lang)
        indir = os.path.join(work, "in")
        os.makedirs(indir)
        jobs, names = [], []
        for path in docs[lang]:
            text = open(path, encoding="utf-8").read()
            if front_matter(text)[0] is None:
                text = f"---\nlang: {lang}\n---\n\n" + text
            name = os.path.splitext(os.path.basename(path))[0]
            names.append(name)
            open(os.path.join(indir, name + ".md"), "w", encoding="utf-8").write(text)
            paragraphs = plain_paragraphs(text)
            ref = os.path.join(work, name + ".ref.txt")
            open(ref, "w", encoding="utf-8").write("\n".join(paragraphs) + "\n")
            jobs.append({"out": os.path.join(work, name + ".kokoro-onnx.wav"), "paragraphs": paragraphs, "ref": ref})
        row["docs"], row["words"] = len(names), sum(len(open(j["ref"], encoding="utf-8").read().split()) for j in jobs)
        print(f"{lang}: {row['docs']} document(s), {row['words']} words: {', '.join(names)}", flush=True)

        extra = ["--voice", voice] if args.voice_mode == "named" else []
        ours = recite_run(recite, indir, os.path.join(work, "recite"), extra, args.runs)
        row["recite"] = ours
        if "error" in ours:
            print(f"  recite FAILED: {ours['error']}", flush=True)
        else:
            print(f"  recite: {ours['audio']:.1f} s of audio in {ours['wall']:.1f} s, peak Pss {ours['pss']:.0f} MB", flush=True)

        jobs_file = os.path.join(work, "kokoro-onnx.jobs.json")
        json.dump([{"out": j["out"], "paragraphs": j["paragraphs"]} for j in jobs], open(jobs_file, "w", encoding="utf-8"))
        stats_file = os.path.join(work, "kokoro-onnx.stats.json")
        theirs = measure([py, reader, model, styles, voice, klang, jobs_file, "2", stats_file],
                         os.path.join(work, "kokoro-onnx.log"), args.runs)
        row["kokoro"] = theirs
        if theirs["status"] != 0 or not os.path.exists(stats_file):
            theirs["error"] = f"exit {theirs['status']}: {neural.tail(os.path.join(work, 'kokoro-onnx.log'), 4)}"
            print(f"  kokoro-onnx FAILED: {theirs['error']}", flush=True)
        else:
            theirs["audio"] = sum(neural.wav_seconds(j["out"]) for j in jobs)
            theirs["stats"] = json.load(open(stats_file))
            st = theirs["stats"]
            print(f"  kokoro-onnx: {theirs['audio']:.1f} s of audio in {theirs['wall']:.1f} s, peak Pss "
                  f"{theirs['pss']:.0f} MB; {st['calls']} create() calls for {st['paragraphs']} paragraphs "
                  f"({st['split']} split at sentence ends; longest call {st['longest_call']} phonemes)", flush=True)

        # intelligibility and timing
        row["wer_r"], row["wer_k"], row["timing"] = [], [], []
        for name, job in zip(names, jobs):
            if "error" not in ours:
                doc = ours["docs"].get(name)
                _, line = whisper(wer_tool, wlang, doc["wav"], job["ref"])
                row["wer_r"].append(wer_counts(line))
                print(f"  {name} recite      {line}", flush=True)
                status, line = whisper(timing_tool, wlang, doc["timing"], doc["wav"])
                print(f"  {name} timing      {line}", flush=True)
                if wlang == "hi":
                    # Whisper base writes Hindi in Urdu script: timing_whisper.py matches no
                    # word; hindi_timing.py compares the two scripts' consonant skeletons.
                    status, line = whisper(HINDI_TIMING, wlang, doc["timing"], doc["wav"])
                    print(f"  {name} timing      {line} (Benchmarks/hindi_timing.py)", flush=True)
                row["timing"].append((status == 0, line))
            if "error" not in theirs:
                _, line = whisper(wer_tool, wlang, job["out"], job["ref"])
                row["wer_k"].append(wer_counts(line))
                print(f"  {name} kokoro-onnx {line}", flush=True)

    # --- the table ---------------------------------------------------------------------------------
    print()
    mode = "no --voice (the language's default voice)" if args.voice_mode == "default" else "--voice VOICE"
    print(f"Recite: recite build --jobs 2, {mode}, fresh cache; kokoro-onnx 0.6.1, onnxruntime 1.32, 2 intra-op "
          f"threads; wall: {'a run of its own' if args.runs == 2 else 'the sampled run'}; Pss: summed over the "
          f"process tree, sampled every 50 ms. WER: Whisper base (wer_whisper.py --lang L), errors / reference words "
          f"over the language's documents. Allowed: Recite <= kokoro-onnx + max(1 point, 5% of kokoro-onnx's).")
    head = (f"{'lang':<6} {'voice':<9} {'docs':>4} {'words':>5} {'Recite WER':>10} {'k-onnx WER':>10} {'allowed':>8} "
            f"{'WER met':>7} {'timing':>7} {'Recite wall':>11} {'k-onnx wall':>11} {'ratio':>6} {'<=0.833':>7} "
            f"{'Recite Pss':>10} {'k-onnx Pss':>10} {'Pss met':>7}")
    print(head)
    print("-" * len(head))
    for row in rows:
        if "skip" in row:
            print(f"{row['lang']:<6} {row['voice']:<9}  SKIPPED: {row['skip']}")
            continue
        r, k = row["recite"], row["kokoro"]
        wr, wk = total_wer(row["wer_r"]), total_wer(row["wer_k"])
        fmt = lambda v: "-" if v is None else f"{v:.1f}%"
        allowed = max(1.0, 0.05 * wk) if wk is not None else None
        met = "-" if wr is None or wk is None else ("yes" if wr <= wk + allowed else "NO")
        timing = "-" if not row["timing"] else ("PASS" if all(ok for ok, _ in row["timing"]) else "FAIL")
        ok_r, ok_k = "error" not in r, "error" not in k
        ratio = r["wall"] / k["wall"] if ok_r and ok_k else None
        wall_r = f"{r['wall']:.1f} s" if ok_r else "FAILED"
        wall_k = f"{k['wall']:.1f} s" if ok_k else "FAILED"
        pss_r = f"{r['pss']:.0f} MB" if ok_r else "-"
        pss_k = f"{k['pss']:.0f} MB" if ok_k else "-"
        ratio_s = "-" if ratio is None else f"{ratio:.3f}"
        ratio_met = "-" if ratio is None else ("yes" if ratio <= GOAL_WALL else "NO")
        pss_met = "-" if not (ok_r and ok_k) else ("yes" if r["pss"] < k["pss"] else "NO")
        allowed_s = "-" if allowed is None else f"+{allowed:.1f}"
        print(f"{row['lang']:<6} {row['voice']:<9} {row['docs']:>4} {row['words']:>5} {fmt(wr):>10} {fmt(wk):>10} "
              f"{allowed_s:>8} {met:>7} {timing:>7} {wall_r:>11} {wall_k:>11} {ratio_s:>6} {ratio_met:>7} "
              f"{pss_r:>10} {pss_k:>10} {pss_met:>7}")
    print()
    for row in rows:
        if "skip" in row:
            continue
        r, k = row["recite"], row["kokoro"]
        bits = []
        for name, x in (("recite", r), ("kokoro-onnx", k)):
            if "error" in x:
                bits.append(f"{name} FAILED: {x['error']}")
            else:
                bits.append(f"{name} {x['audio']:.1f} s of audio, CPU {x['cpu']:.1f} s, others {x['others']:.1f} s")
        print(f"{row['lang']}: " + "; ".join(bits))
    print(f"load average {neural.load_average()} at the end; {time.monotonic() - started:.0f} s in all")
    if not args.keep:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
