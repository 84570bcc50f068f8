#!/usr/bin/env python3
"""How well Recite's Kokoro voices are understood: pocketsphinx word error rate (free decoding, its
bundled US English model) of one article read by `recite build --voice af_heart`, `--voice bf_emma`,
`--voice en_US-joe-medium` (Piper) and kokoro-onnx 0.6.1's reader with af_heart and bf_emma, all on
the same words, from one run on this machine.

kokoro-onnx is given the words of Recite's eSpeak NG timing sidecar, one line per block (as
Benchmarks/kokoro.py gives it), so it reads text Recite has already normalized: the comparison is of
the voices' input (phonemes, chunking, pauses), not of normalization. The recognizer is American: it
scores British voices worse whatever their quality, so bf_emma is compared with kokoro-onnx's bf_emma.

Usage: python3 Benchmarks/kokoro_wer.py [--recite .build/release/recite] [--article FILE.md] [--words 400]
       [--voices af_heart,bf_emma,en_US-joe-medium] [--diff]
--voices af_heart compares af_heart alone (Recite's and kokoro-onnx's), in a third of the time; --diff
prints each reading's recognized words aligned with the reference, [said→heard] where they differ.
Work files go under /tmp/recite-kwer (--work) and are removed at the end. Needs ~/venvs/asr
(../shared/tools/setup-align.sh) and ~/venvs/kokoro (installed by Benchmarks/kokoro.py when missing).
"""
import argparse, json, os, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import neural  # noqa: E402
import kokoro  # noqa: E402

ROOT = os.path.dirname(HERE)
WORK = "/tmp/recite-kwer"


def run_once(cmd, log):
    """Runs cmd once (intelligibility needs no second, sampled run); its wall seconds and status."""
    with open(log, "w") as err:
        start = time.monotonic()
        status = subprocess.run(cmd, stdout=err, stderr=err).returncode
    return {"wall": time.monotonic() - start, "status": status}


def recite_render(recite, doc, out, extra):
    r = run_once([recite, "build", doc, "-o", out, "--jobs", "2", "--cache", out + ".cache"] + extra, out + ".log")
    shutil.rmtree(out + ".cache", ignore_errors=True)
    if r["status"] != 0:
        return {"error": neural.tail(out + ".log")}
    with open(os.path.join(out, "manifest.json")) as f:
        outputs = json.load(f)["documents"][0]["outputs"]
    r["wav"] = os.path.join(out, outputs["audio"])
    with open(os.path.join(out, outputs["timing"])) as f:
        r["sidecar"] = json.load(f)
    r["audio"] = neural.wav_seconds(r["wav"])
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--article", help="a Markdown article (default: ../shared/" + neural.ARTICLE + ")")
    ap.add_argument("--words", type=int, default=400, help="the article's first N words (about)")
    ap.add_argument("--voices", default="af_heart,bf_emma,en_US-joe-medium", help="the voices Recite reads with")
    ap.add_argument("--diff", action="store_true", help="print each reading's words aligned with the reference")
    ap.add_argument("--work", default=WORK, help="the work folder (two runs at once need two)")
    ap.add_argument("--venv", default=os.path.expanduser("~/venvs/kokoro"))
    ap.add_argument("--asr-venv", default=os.environ.get("ASR_VENV", os.path.expanduser("~/venvs/asr")))
    args = ap.parse_args()
    recite, shared = os.path.abspath(args.recite), os.path.abspath(args.shared)
    article = os.path.abspath(args.article or os.path.join(shared, neural.ARTICLE))
    asr = neural.asr_python(args.asr_venv, shared)
    if not asr:
        sys.exit(f"no pocketsphinx in {args.asr_venv} (../shared/tools/setup-align.sh)")

    work = args.work
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "in"))
    doc = os.path.join(work, "in", os.path.basename(article))
    open(doc, "w", encoding="utf-8").write(neural.cut_markdown(open(article, encoding="utf-8").read(), args.words))
    print(f"article: {os.path.basename(article)}, first ~{args.words} words; load average {neural.load_average()} at start",
          flush=True)

    espeak = recite_render(recite, doc, os.path.join(work, "espeak"), ["--voice", "espeak"])
    if "error" in espeak:
        sys.exit(f"recite build (eSpeak NG) failed: {espeak['error']}")
    lines = neural.piper_lines(espeak["sidecar"], open(doc, "rb").read())
    txt = os.path.join(work, "kokoro-onnx.txt")
    open(txt, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    reference = [w["spoken"] for w in espeak["sidecar"]["words"]]

    jobs = {}   # name -> (wav, reference words)
    voices = args.voices.split(",")
    for voice in voices:
        r = recite_render(recite, doc, os.path.join(work, voice), ["--voice", voice])
        if "error" in r:
            print(f"recite --voice {voice}: FAILED {r['error']}")
            continue
        jobs[f"recite {voice}"] = (r["wav"], [w["spoken"] for w in r["sidecar"]["words"]])
        print(f"recite --voice {voice}: {r['audio']:.1f} s of audio in {r['wall']:.1f} s", flush=True)

    py = kokoro.venv(args.venv)
    reader = os.path.join(work, "reader.py")
    open(reader, "w").write(kokoro.READER)
    for voice in [v for v in ("af_heart", "bf_emma") if v in voices]:
        styles = os.path.join(kokoro.KOKORO, "voices", voice + ".bin")
        wav = os.path.join(work, f"kokoro-onnx-{voice}.wav")
        lang = "en-gb" if voice.startswith("b") else "en-us"
        r = run_once([py, reader, os.path.join(kokoro.KOKORO, "model.onnx"), styles, voice, lang, txt, wav, "2"], wav + ".log")
        if r["status"] != 0:
            print(f"kokoro-onnx {voice}: FAILED {neural.tail(wav + '.log')}")
            continue
        jobs[f"kokoro-onnx {voice}"] = (wav, reference)
        print(f"kokoro-onnx {voice}: {neural.wav_seconds(wav):.1f} s of audio in {r['wall']:.1f} s", flush=True)

    decoded = neural.decode_all(asr, [wav for wav, _ in jobs.values()])
    wer = neural.wer_table(jobs, decoded, width=28)
    if args.diff:
        for name, (wav, ref) in jobs.items():
            if "words" in decoded[wav]:
                pairs = neural.aligned(neural.normalize(ref), neural.normalize(decoded[wav]["words"]))
                print(f"\n== {name}\n" + " ".join(a if a == b else f"[{a or '-'}→{b or '-'}]" for a, b in pairs))

    def compare(ours, theirs):
        a, b = wer.get(ours), wer.get(theirs)
        if a is not None and b is not None:
            print(f"{ours} {a:.3f} <= {theirs} {b:.3f}: {'met' if a <= b else 'NOT met'}")
    compare("recite af_heart", "kokoro-onnx af_heart")
    compare("recite af_heart", "recite en_US-joe-medium")
    compare("recite bf_emma", "kokoro-onnx bf_emma")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
