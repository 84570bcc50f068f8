#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer harnesses of Fuzz/ with the address sanitizer into
# .build-fuzz, gathers each one's seeds (Fuzz/Seeds, Samples/, Pipelines/, the tests' fixtures and,
# when it is beside the checkout, ../shared/corpus), runs each for FUZZ_SECONDS and prints one line
# per harness: `fuzz NAME: N runs, C crashes`. Exits 1 if any harness crashed (or hung, or ran out
# of memory); the input that did it is kept in .build-fuzz/crashes/NAME/.
#
# FUZZ_SECONDS (default 60): time per harness. FUZZ_HARNESSES: names to run (default all).
# FUZZ_PARALLEL (default 1): how many harnesses run at once.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
scratch=.build-fuzz
shared=../shared/corpus
all=(markdown:FuzzMarkdown text:FuzzText ssml:FuzzSSML html:FuzzHTML epub:FuzzEPUB pls:FuzzPLS yaml-lexicon:FuzzYAMLLexicon
     tsv-lexicon:FuzzTSVLexicon pipeline:FuzzPipeline normalize:FuzzNormalize flac:FuzzFLAC)
# The dictionaries of Fuzz/Dictionaries (tokens libFuzzer splices in) each harness uses.
declare -A dictionaries=([markdown]="markdown" [text]="markdown normalize" [ssml]="ssml normalize" [html]="html" [epub]="epub html" [pls]="pls"
    [yaml-lexicon]="yaml tsv" [tsv-lexicon]="tsv" [pipeline]="yaml" [normalize]="normalize" [flac]="flac")
wanted="${FUZZ_HARNESSES:-}"

# MARK: - Build (release: bounds and overflow checks stay on, and it runs twice as fast as debug)

mkdir -p "$scratch/logs"
build_log="$scratch/logs/build.log"
: > "$build_log"
selected=()
for entry in "${all[@]}"; do
    name=${entry%%:*}
    if [ -z "$wanted" ] || [[ " $wanted " == *" $name "* ]]; then selected+=("$entry"); fi
done
if [ ${#selected[@]} -eq 0 ]; then
    echo "fuzz: no harness named in FUZZ_HARNESSES=\"$wanted\"; the harnesses are: ${all[*]%%:*}" >&2
    exit 2
fi
for entry in "${selected[@]}"; do
    product=${entry##*:}
    # The order matters: swiftc keeps coverage instrumentation only when fuzzer comes last
    # ("-sanitize=fuzzer -sanitize=address" compiled the Swift code without any, and libFuzzer
    # saw only the C code's 3,721 edges).
    if ! RECITE_FUZZ=1 swift build -c release --scratch-path "$scratch" --sanitize=address --sanitize=fuzzer \
            -Xswiftc -use-ld=lld --product "$product" >> "$build_log" 2>&1; then
        tail -n 30 "$build_log" >&2
        echo "fuzz: building $product failed; the whole log is $build_log" >&2
        exit 2
    fi
done

# MARK: - Seeds, gathered anew each run (nothing from ../shared is copied into the repository)

# seed NAME FOLDER PATTERN...: copies the files under FOLDER whose names match a PATTERN.
seed() {
    local name=$1 folder=$2; shift 2
    [ -d "$folder" ] || return 0
    local args=() pattern
    for pattern in "$@"; do args+=(-o -name "$pattern"); done
    find "$folder" -type f \( "${args[@]:1}" \) -print0 | while IFS= read -r -d '' file; do
        cp "$file" "$scratch/seeds/$name/$(echo "$file" | tr '/' '_')"
    done
}
rm -rf "$scratch/seeds"
for entry in "${all[@]}"; do mkdir -p "$scratch/seeds/${entry%%:*}"; done
for name in markdown text normalize; do
    seed $name Fuzz/Seeds/markdown '*'
    seed $name Samples '*.md'
    seed $name Tests/ReciteMarkdownTests '*.md'
    seed $name "$shared/markdown" '*.md'
done
seed ssml Fuzz/Seeds/ssml '*'
seed ssml Samples '*.ssml' '*.xml'
seed ssml Tests/ReciteSSMLTests/Fixtures '*.ssml' '*.xml'
seed ssml "$shared/ssml" '*.ssml'
seed html Fuzz/Seeds/html '*'
seed html Samples '*.html' '*.htm'
seed html "$shared/html" 'source.html'
# EPUB: whole books (read as zip archives) and each book's parts joined by NUL bytes, in the
# order FuzzEPUB builds a book from (container, package, nav, two documents, NCX).
seed epub Samples '*.epub'
python3 - "$scratch/seeds/epub" Samples/*.epub <<'PY'
import os, sys, zipfile
out = sys.argv[1]
for path in sys.argv[2:]:
    with zipfile.ZipFile(path) as book:
        names = book.namelist()
        container = book.read("META-INF/container.xml")
        opf = next(n for n in names if n.endswith(".opf"))
        docs = [n for n in names if n.endswith(".xhtml") or n.endswith(".html")]
        nav = next((n for n in docs if "nav" in n or "toc" in n), docs[0])
        rest = [n for n in docs if n != nav] + ["", ""]
        ncx = next((n for n in names if n.endswith(".ncx")), None)
        parts = [container, book.read(opf), book.read(nav), book.read(rest[0]) if rest[0] else b"",
                 book.read(rest[1]) if rest[1] else b"", book.read(ncx) if ncx else b""]
        with open(os.path.join(out, "parts-" + os.path.basename(path)), "wb") as f:
            f.write(b"\0".join(parts))
PY
seed pls Fuzz/Seeds/pls '*'
seed pls Samples '*.pls'
seed pls Tests/RecitePronounceTests/Fixtures '*.pls'
seed yaml-lexicon Fuzz/Seeds/lexicon-yaml '*'
seed tsv-lexicon Fuzz/Seeds/lexicon-tsv '*'
seed pipeline Fuzz/Seeds/pipeline '*'
seed pipeline Pipelines '*.yml'
seed pipeline Samples '*.yml'
seed normalize Fuzz/Seeds/normalize '*'
# FLAC: short articles as libsndfile writes them (sox uses libFLAC too), with last frames long,
# full and under 16 samples, made anew each run.
if command -v sox > /dev/null; then
    for samples in 700 4101 8192 9000; do
        sox -r 22050 -n -b 16 -c 1 "$scratch/seeds/flac/tone-$samples.flac" synth "${samples}s" sine 220 pinknoise remix - 2> /dev/null
    done
fi
if [ -f ../shared/eval/normalization-dev.tsv ]; then
    # The evaluation's inputs, ten lines a seed.
    tail -n +2 ../shared/eval/normalization-dev.tsv | cut -f2 | split -l 10 - "$scratch/seeds/normalize/eval-"
fi

# One dictionary file per harness (libFuzzer takes one).
mkdir -p "$scratch/dictionaries"
for entry in "${all[@]}"; do
    name=${entry%%:*}
    for d in ${dictionaries[$name]}; do cat "Fuzz/Dictionaries/$d.dict"; done > "$scratch/dictionaries/$name.dict"
done

# MARK: - Run

# runs LOG: how many inputs libFuzzer ran, from its final statistics or its last status line.
runs() {
    local n
    n=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$1" | tail -n 1)
    [ -n "$n" ] || n=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$1" | tail -n 1)
    [ -n "$n" ] || n=$(sed -n 's/^#\([0-9]*\)[[:space:]].*/\1/p' "$1" | tail -n 1)
    echo "${n:-0}"
}

# fuzz NAME PRODUCT: runs one harness; its summary line goes to $scratch/logs/NAME.line.
fuzz() {
    local name=$1 product=$2
    local corpus="$scratch/corpus/$name" crashes="$scratch/crashes/$name" log="$scratch/logs/$name.log"
    mkdir -p "$corpus" "$crashes"
    # A book's parts are longer than a document: the EPUB harness takes inputs up to 64 KB.
    local max_len=8192
    [ "$name" = epub ] && max_len=65536
    [ "$name" = flac ] && max_len=32768
    # The Swift runtime's own crash reporter would wait on the crashed process: libFuzzer reports.
    SWIFT_BACKTRACE=enable=no "$scratch/release/$product" "$corpus" "$scratch/seeds/$name" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=$max_len \
        -dict="$scratch/dictionaries/$name.dict" -print_final_stats=1 -artifact_prefix="$crashes/" > "$log" 2>&1
    local status=$?
    local artifacts count line
    artifacts=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | grep -v '/slow-unit-' || true)
    count=$(printf '%s' "$artifacts" | grep -c . || true)
    if [ "$status" -ne 0 ] && [ "$count" -eq 0 ]; then count=1; fi
    line="fuzz $name: $(runs "$log") runs, $count crashes"
    [ "$count" -ne 0 ] && line+=" (input: ${artifacts:-none written}; log: $log)"
    echo "$line" > "$scratch/logs/$name.line"
}

# FUZZ_PARALLEL harnesses at once (default 1): each still runs FUZZ_SECONDS of wall time, sharing
# the cores, so the run counts say how much each one did.
parallel="${FUZZ_PARALLEL:-1}"
for entry in "${selected[@]}"; do
    rm -f "$scratch/logs/${entry%%:*}.line"
    fuzz "${entry%%:*}" "${entry##*:}" &
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
done
wait
failed=0
for entry in "${selected[@]}"; do
    line=$(cat "$scratch/logs/${entry%%:*}.line" 2>/dev/null || echo "fuzz ${entry%%:*}: did not report")
    echo "$line"
    [[ "$line" == *" 0 crashes" ]] || failed=1
done
exit $failed
