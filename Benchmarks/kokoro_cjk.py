#!/usr/bin/env python3
"""Kokoro's Japanese and Mandarin voices: does eSpeak NG's IPA, mapped to Kokoro's symbols as Recite maps
it, read as well as misaki's own G2P? The rule (issue): ship ja/zh voices only if reading B's character
error rate is within 2 points of reading A's; otherwise they stay "not available", saying why.

    nice -n 19 python3 Benchmarks/kokoro_cjk.py [--voices jf_alpha,zf_xiaobei] [--passages dev,held]
        [--readings A,B] [--espeak-library LIB --espeak-data DIR] [--keep]

(docs/voices.md's figures: the default run, then --voices jm_kumo,zm_yunxi; the eSpeak NG 1.52 check:
--voices zf_xiaobei,zm_yunxi --readings B --espeak-library ~/venvs/kokoro-cjk/lib/python3.11/site-packages/
espeakng_loader/libespeak-ng.so --espeak-data .../espeakng_loader/espeak-ng-data.) About 5 minutes of
synthesis and 5 of scoring per pair of voices on a quiet 2-core machine.

Reading A (reference, Kokoro's own route): misaki 0.9.4's G2P, as Kokoro's KPipeline calls it for
Kokoro-82M v1.0: ja `misaki.ja.JAG2P()` (its default 'cutlet' mode: fugashi/MeCab with unidic-lite, since
PyPI's `unidic` needs a download from outside PyPI at run time), zh `misaki.zh.ZHG2P()` (version None, the
legacy jieba + pypinyin path KPipeline uses for Kokoro-82M v1.0).
Reading B (Recite's route, no Python): the system's libespeak-ng (1.51 here) through ctypes, called exactly
as ReciteEspeak's `ipa(of:ties:)` calls it (espeak_TextToPhonemes, IPA with a `^` tie inside each
multi-letter phoneme, clause by clause, the clause's ASCII punctuation kept), in eSpeak NG's `ja` / `cmn`
voice (KokoroLanguage.espeakVoice), then `MisakiPhonemes.convertOther` ported line for line (tied pairs to
misaki's single symbols, other ties and hyphens dropped); symbols not in the vocabulary are dropped by the
tokenizer, as Recite's KokoroSpeaker.tokens drops them.

Both are fed the same way: kokoro-onnx 0.6.1 `create(phonemes, voice=STYLE, is_phonemes=True)` (STYLE the
voice's .bin as float32 510x1x256), one call per sentence (split after 。！？ as Recite's segmenter does),
0.25 s of silence between sentences (kokoro-onnx's own sentence pause), on the installed model
(/usr/local/share/recite/voices/kokoro-v1.0/model.onnx), ONNX Runtime on 1 intra-op thread, speed 1.0.
Kokoro is deterministic, so one run is enough.

Scored with ../shared/tools/wer_whisper.py --lang ja|zh (Whisper base, character error rate, punctuation
dropped), the reference being the passage's own text; WHISPER_THREADS=1. For Mandarin a second figure
counts the same way after folding Whisper's text to simplified characters (zhconv), since Whisper base
sometimes writes a passage in traditional ones, which the scorer counts as wrong.

Passages (each ~60-90 s of audio):
  ja dev   ../shared/corpus/multilingual/ja/ja-4.md, first paragraph (岡本綺堂, 1938; Aozora Bunko)
  ja held  夏目漱石「夢十夜」第六夜, first three paragraphs (1908; public domain), Aozora Bunko file
           github:aozorahack/aozorabunko_text cards/000148/files/799_ruby_6024/799_ruby_6024.txt
           @2a7a7e325afce97b62ab9ae06bd59073308ac64f, ruby 《…》 and ｜ removed
  zh dev   ../shared/corpus/multilingual/zh/zh-3.md, first two paragraphs (鲁迅「父亲的病」, 1926)
  zh held  鲁迅「故乡」, its first five paragraphs (1921; public domain), as quoted in simplified characters at
           http://m.studyofnet.com/924748073.html (paragraph breaks as in the full text at
           https://vocus.cc/article/600acd84fd89780001bc9792), half-width punctuation made full-width

Pins (installed into ~/venvs/kokoro-cjk when missing): see SPECS below. Work files go under
/tmp/recite-kcjk and are removed at the end (--keep keeps them: WAVs, phonemes, Whisper's text).
"""
import argparse, json, os, re, shutil, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
if not os.path.isdir(SHARED):
    SHARED = "/work/shared"
KOKORO = "/usr/local/share/recite/voices/kokoro-v1.0"
VENV = os.path.expanduser("~/venvs/kokoro-cjk")
WORK = "/tmp/recite-kcjk"
SPECS = ["kokoro-onnx==0.6.1", "onnxruntime==1.32.0", "misaki==0.9.4",
         # misaki[ja] without PyPI's pyopenjtalk (no wheel for this Python; its dictionary is fetched at run
         # time) and without unidic (its dictionary is fetched at run time): a wheel fork and unidic-lite
         "pyopenjtalk-plus==0.4.1.post10", "fugashi==1.5.2", "unidic-lite==1.0.8", "jaconv==0.5.0",
         "mojimoji==0.0.13",
         # misaki[zh]
         "jieba==0.42.1", "pypinyin==0.55.0", "pypinyin-dict==0.9.0", "cn2an==0.5.24", "ordered-set==4.1.0",
         # only for the second Mandarin figure: Whisper's traditional characters folded to simplified
         "zhconv==1.4.3"]

HELD_JA = """運慶《うんけい》が護国寺《ごこくじ》の山門で仁王《におう》を刻んでいると云う評判だから、散歩ながら行って見ると、自分より先にもう大勢集まって、しきりに下馬評《げばひょう》をやっていた。
山門の前五六間の所には、大きな赤松があって、その幹が斜《なな》めに山門の甍《いらか》を隠して、遠い青空まで伸《の》びている。松の緑と朱塗《しゅぬり》の門が互いに照《うつ》り合ってみごとに見える。その上松の位地が好い。門の左の端を眼障《めざわり》にならないように、斜《はす》に切って行って、上になるほど幅を広く屋根まで突出《つきだ》しているのが何となく古風である。鎌倉時代とも思われる。
ところが見ているものは、みんな自分と同じく、明治の人間である。その中《うち》でも車夫が一番多い。辻待《つじまち》をして退屈だから立っているに相違ない。"""

HELD_ZH = """我冒了严寒，回到相隔二千余里，别了二十余年的故乡去。
时候既然是深冬；渐近故乡时，天气又阴晦了，冷风吹进船舱中，呜呜地响，从篷隙向外一望，苍黄的天底下，远近横着几个萧索的荒村，没有一些活气。我的心禁不住悲凉起来了。
啊！这不是我二十年来时时记得的故乡？
我所记得的故乡全不如此。我的故乡好得多了。但要我记起他的美丽，说出他的佳处来，却又没有影像，没有言辞了。仿佛也就如此。于是我自己解释说：故乡本也如此，——虽然没有进步，也未必有如我所感的悲凉，这只是我自己心情的改变罢了，因为我这次回乡，本没有什么好心绪。
我这次是专为了别他而来的。"""


def corpus_paragraphs(path, first):
    text = open(path, encoding="utf-8").read()
    paras = [p.strip() for p in text.split("\n\n") if p.strip() and not p.lstrip().startswith("#")]
    return paras[:first]


def passages():
    multi = os.path.join(SHARED, "corpus", "multilingual")
    ruby = lambda s: re.sub(r"《[^》]*》", "", s).replace("｜", "")
    return {
        ("ja", "dev"): ("ja-4 ¶1 (岡本綺堂)", corpus_paragraphs(os.path.join(multi, "ja", "ja-4.md"), 1)),
        ("ja", "held"): ("夢十夜 第六夜 ¶1-3 (夏目漱石)", [ruby(p) for p in HELD_JA.splitlines()]),
        ("zh", "dev"): ("zh-3 ¶1-2 (鲁迅 父亲的病)", corpus_paragraphs(os.path.join(multi, "zh", "zh-3.md"), 2)),
        ("zh", "held"): ("故乡 ¶1-5 (鲁迅)", HELD_ZH.splitlines()),
    }


WORKER = r'''
import ctypes, json, sys, time, wave, numpy as np, onnxruntime as ort
from kokoro_onnx import Kokoro
jobs_path, model, voices_dir, work = sys.argv[1:5]
jobs = json.load(open(jobs_path, encoding="utf-8"))

# ---- Reading B: eSpeak NG as ReciteEspeak.ipa(of:ties:) calls it ----
import os
lib = ctypes.CDLL(os.environ.get("KCJK_ESPEAK_LIB") or "libespeak-ng.so.1")
lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_int]
lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
lib.espeak_Info.restype = ctypes.c_char_p
_data = os.environ.get("KCJK_ESPEAK_DATA")
assert lib.espeak_Initialize(2, 0, _data.encode() if _data else None, 0) > 0
CLAUSE = {0x2E: ".", 0x2C: ",", 0x3B: ";", 0x3A: ":", 0x21: "!", 0x3F: "?"}

def espeak_ipa(text, voice):
    assert lib.espeak_SetVoiceByName(voice.encode()) == 0, voice
    data = text.encode("utf-8")
    buf = ctypes.create_string_buffer(data)
    start = ctypes.addressof(buf)
    p = ctypes.c_void_p(start)
    clauses = []
    while p.value:
        before = p.value - start
        out = lib.espeak_TextToPhonemes(ctypes.byref(p), 1, 0x02 | 0x80 | (0x5E << 8))
        if out is None:
            break
        clause = out.decode("utf-8").strip(" ")
        # the clause's own punctuation: the last byte it consumed that is not a space, one UTF-8
        # character back (eSpeak NG reads one character ahead), as EspeakEngine.swift does
        end = (p.value - start) if p.value else len(data)
        if p.value:
            end -= 1
            while end > before and data[end] & 0xC0 == 0x80:
                end -= 1
        consumed = data[before:max(before, end)]
        last = next((b for b in reversed(consumed) if b not in (0x20, 0x0A, 0)), None)
        if last in CLAUSE and clause:
            clause += CLAUSE[last]
        if clause:
            clauses.append(clause)
    return " ".join(clauses)

TIED = {("a", "ɪ"): "I", ("a", "ʊ"): "W", ("d", "z"): "ʣ", ("d", "ʒ"): "ʤ", ("e", "ɪ"): "A", ("o", "ʊ"): "O",
        ("ə", "ʊ"): "Q", ("s", "s"): "S", ("t", "s"): "ʦ", ("t", "ʃ"): "ʧ", ("ɔ", "ɪ"): "Y"}

def convert_other(ipa):
    """MisakiPhonemes.convertOther, line for line."""
    s, out, i = list(ipa), [], 0
    while i < len(s):
        if i + 2 < len(s) and s[i + 1] == "^" and (s[i], s[i + 2]) in TIED:
            out.append(TIED[(s[i], s[i + 2])]); i += 3; continue
        if s[i] not in "^-":
            out.append(s[i])
        i += 1
    return "".join(out)

# ---- Reading A: misaki, as KPipeline calls it for Kokoro-82M v1.0 ----
_g2p = {}
def misaki(text, lang):
    if lang not in _g2p:
        if lang == "ja":
            from misaki import ja; _g2p[lang] = ja.JAG2P()
        else:
            from misaki import zh; _g2p[lang] = zh.ZHG2P()
    return _g2p[lang](text)[0]

options = ort.SessionOptions()
options.intra_op_num_threads = 1
options.inter_op_num_threads = 1
session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
styles = {}
for job in jobs:
    v = job["voice"]
    if v not in styles:
        styles[v] = np.fromfile(f"{voices_dir}/{v}.bin", dtype=np.float32).reshape(510, 1, 256)
np.savez(work + "/voices.npz", **styles)
kokoro = Kokoro.from_session(session, work + "/voices.npz")
vocab = kokoro.tokenizer.vocab
print("espeak-ng", lib.espeak_Info(None).decode(), file=sys.stderr)

cache = {}
for job in jobs:
    t0 = time.time()
    parts, log = [], []
    dropped = {}
    for k, sentence in enumerate(job["sentences"]):
        key = (job["reading"], job["lang"], sentence)
        if key not in cache:
            if job["reading"] == "A":
                ps = misaki(sentence, job["lang"])
                raw = ps
            else:
                raw = espeak_ipa(sentence, job["espeak"])
                ps = convert_other(raw)
            cache[key] = (raw, ps)
        raw, ps = cache[key]
        for c in ps:
            if c not in vocab:
                dropped[c] = dropped.get(c, 0) + 1
        kept = "".join(c for c in ps if c in vocab).strip()
        log.append({"text": sentence, "raw": raw, "phonemes": kept})
        if not kept:
            continue
        samples, rate = kokoro.create(kept, voice=styles[job["voice"]], speed=1.0, is_phonemes=True)
        if parts:
            parts.append(np.zeros(int(0.25 * 24000), dtype=np.float32))
        parts.append(samples)
    audio = np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)
    with wave.open(job["out"], "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(24000)
        w.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
    json.dump({"sentences": log, "dropped": dropped, "seconds": len(audio) / 24000, "wall": time.time() - t0},
              open(job["out"] + ".json", "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    print(f"{job['name']}: {len(audio) / 24000:.1f} s audio in {time.time() - t0:.1f} s", file=sys.stderr, flush=True)
'''


def venv():
    py = os.path.join(VENV, "bin", "python")
    names = [s.split("==")[0] for s in SPECS]
    code = ("import importlib.metadata as m, sys; "
            f"print(' '.join(n + '==' + m.version(n) for n in {names!r}))")
    have = subprocess.run([py, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split() \
        if os.path.exists(py) else []
    if have != SPECS:
        print(f"installing {' '.join(SPECS)} into {VENV} ...", flush=True)
        if not os.path.exists(py):
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([py, "-m", "pip", "install", "--quiet"] + SPECS, check=True)
    return py


SENTENCE = re.compile(r"(?<=[。！？!?])[」』”）)]*")


def sentences(paragraph):
    out, last = [], 0
    for m in SENTENCE.finditer(paragraph):
        if m.end() > last:
            out.append(paragraph[last:m.end()].strip()); last = m.end()
    if paragraph[last:].strip():
        out.append(paragraph[last:].strip())
    return [s for s in out if s]


FOLD = r'''
import sys, zhconv
text = open(sys.argv[1], encoding="utf-8").read()
open(sys.argv[2], "w", encoding="utf-8").write(zhconv.convert(text, "zh-cn"))
'''

COUNT = r'''
import sys
sys.path.insert(0, sys.argv[1])
import wer_whisper as w
w.LANG = "zh"
ref = w.reference(sys.argv[2])
hyp = w.words(w.spell_numbers(open(sys.argv[3], encoding="utf-8").read()))
cost, sub, dele, ins = w.counts(ref, hyp)
print(f"{100.0 * cost / max(1, len(ref)):.1f} {cost}")
'''


def folded_cer(py, job, heard, ref):
    """wer_whisper.py's figure again, with Whisper's text folded to simplified characters (zhconv): Whisper
    base writes some Mandarin passages in traditional characters, which the scorer counts as wrong."""
    raw, fold = job["out"] + ".heard.txt", job["out"] + ".heard-simplified.txt"
    open(raw, "w", encoding="utf-8").write(heard)
    subprocess.run([py, "-c", FOLD, raw, fold], check=True)
    wpy = os.path.join(os.environ.get("WHISPER_VENV", os.path.expanduser("~/venvs/whisper")), "bin", "python")
    out = subprocess.run([wpy, "-c", COUNT, os.path.join(SHARED, "tools"), ref, fold], check=True,
                         stdout=subprocess.PIPE, text=True).stdout.split()
    return float(out[0]), int(out[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--voices", default="jf_alpha,zf_xiaobei", help="comma-separated Kokoro voices (j*, z*)")
    ap.add_argument("--passages", default="dev,held")
    ap.add_argument("--readings", default="A,B")
    ap.add_argument("--espeak-library", help="another libespeak-ng for reading B (default: the system's, as Recite "
                    "links); with --espeak-data, e.g. espeakng_loader's 1.52 in the venv")
    ap.add_argument("--espeak-data")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()

    py = venv()
    os.makedirs(WORK, exist_ok=True)
    texts = passages()
    jobs, refs = [], {}
    for voice in args.voices.split(","):
        lang = {"j": "ja", "z": "zh"}[voice[0]]
        for split in args.passages.split(","):
            label, paras = texts[(lang, split)]
            ref = os.path.join(WORK, f"{lang}-{split}.txt")
            open(ref, "w", encoding="utf-8").write("\n".join(paras) + "\n")
            refs[(lang, split)] = (label, ref)
            sents = [s for p in paras for s in sentences(p)]
            for reading in args.readings.split(","):
                name = f"{voice}-{split}-{reading}"
                jobs.append({"name": name, "voice": voice, "lang": lang, "split": split, "reading": reading,
                             "espeak": "ja" if lang == "ja" else "cmn", "sentences": sents,
                             "out": os.path.join(WORK, name + ".wav")})
    json.dump(jobs, open(os.path.join(WORK, "jobs.json"), "w", encoding="utf-8"), ensure_ascii=False)
    open(os.path.join(WORK, "worker.py"), "w").write(WORKER)
    env = dict(os.environ, OMP_NUM_THREADS="1", KCJK_ESPEAK_LIB=args.espeak_library or "",
               KCJK_ESPEAK_DATA=args.espeak_data or "")
    subprocess.run(["nice", "-n", "19", py, os.path.join(WORK, "worker.py"), os.path.join(WORK, "jobs.json"),
                    os.path.join(KOKORO, "model.onnx"), os.path.join(KOKORO, "voices"), WORK], check=True, env=env)

    scorer = os.path.join(SHARED, "tools", "wer_whisper.py")
    wenv = dict(os.environ, WHISPER_THREADS="1")
    results = {}
    for job in jobs:
        label, ref = refs[(job["lang"], job["split"])]
        r = subprocess.run(["nice", "-n", "19", sys.executable, scorer, "-v", "--lang", job["lang"], job["out"], ref],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=wenv)
        m = re.search(r"wer=([\d.]+)%? ref=(\d+) hyp=(\d+) sub=(\d+) del=(\d+) ins=(\d+)", r.stdout)
        if not m:
            sys.exit(f"scoring {job['out']} failed: {r.stdout}{r.stderr[-2000:]}")
        info = json.load(open(job["out"] + ".json", encoding="utf-8"))
        heard = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""
        results[job["name"]] = dict(job, cer=float(m.group(1)), ref_chars=int(m.group(2)),
                                    errors=sum(int(m.group(i)) for i in (4, 5, 6)), seconds=info["seconds"],
                                    dropped=info["dropped"], heard=heard)
        if job["lang"] == "zh":
            results[job["name"]]["cer_simplified"], results[job["name"]]["errors_simplified"] = \
                folded_cer(py, job, heard, ref)
        print(f"{job['name']}: {r.stdout.strip()}  ({info['seconds']:.1f} s audio)", flush=True)

    print("\n| language | voice | passage | audio A / B | CER reading A (misaki) | CER reading B (eSpeak NG) | B − A "
          "| zh, Whisper's text in simplified: A / B / B − A |")
    print("|---|---|---|---|---|---|---|---|")
    for voice in args.voices.split(","):
        lang = {"j": "ja", "z": "zh"}[voice[0]]
        for split in args.passages.split(","):
            a, b = results.get(f"{voice}-{split}-A"), results.get(f"{voice}-{split}-B")
            if not (a and b):
                continue
            print(f"| {lang} | {voice} | {refs[(lang, split)][0]} ({split}, {a['ref_chars']} chars) "
                  f"| {a['seconds']:.1f} s / {b['seconds']:.1f} s "
                  f"| {a['cer']:.1f}% ({a['errors']}) | {b['cer']:.1f}% ({b['errors']}) | {b['cer'] - a['cer']:+.1f} | "
                  + (f"{a['cer_simplified']:.1f}% / {b['cer_simplified']:.1f}% / {b['cer_simplified'] - a['cer_simplified']:+.1f} |"
                     if lang == "zh" else "– |"))
    for name, r in results.items():
        if r["reading"] == "B" and not (f"{r['voice']}-{r['split']}-A" in results):
            print(f"| {r['lang']} | {r['voice']} | {refs[(r['lang'], r['split'])][0]} ({r['split']}) | reading B only: "
                  f"{r['seconds']:.1f} s, CER {r['cer']:.1f}% ({r['errors']})"
                  + (f", in simplified {r['cer_simplified']:.1f}%" if r["lang"] == "zh" else "") + " |")
    for name, r in results.items():
        if r["reading"] == "B" and r["dropped"]:
            print(f"{name}: symbols not in Kokoro's vocabulary, dropped: "
                  + " ".join(f"{c!r}×{n}" for c, n in sorted(r["dropped"].items(), key=lambda x: -x[1])))
    json.dump(results, open(os.path.join(WORK, "results.json"), "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    if args.keep:
        print(f"work files kept in {WORK}")
    else:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
