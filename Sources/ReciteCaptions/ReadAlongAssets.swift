/// The read-along page's inline style and script. Kept as short, readable source text: the page
/// must work from a file with no network, and a reader may want to see what it runs.
enum ReadAlongAssets {
    static let style = """
    :root { color-scheme: light dark; --now: #ffe27a; --now-text: #000; }
    body { margin: 0; font: 1.15rem/1.65 Georgia, "DejaVu Serif", serif; }
    header { position: sticky; top: 0; padding: .6rem 1rem; background: Canvas; border-bottom: 1px solid #8884; }
    header audio { width: 100%; }
    main { max-width: 40rem; margin: 1.5rem auto 40vh; padding: 0 1rem; }
    h1, h2, h3, h4, h5, h6 { line-height: 1.25; }
    .title { font-size: 2.2rem; }
    blockquote { margin-left: 0; padding-left: 1rem; border-left: 4px solid #8886; font-style: italic; }
    .cells { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; margin: 1rem 0; }
    .cell { padding: 0 .3rem; border-bottom: 1px solid #8884; }
    pre { padding: .8rem; overflow-x: auto; background: #8881; font-size: .9rem; }
    .w { cursor: pointer; border-radius: .2em; scroll-margin: 6rem; }
    .w:hover { text-decoration: underline dotted; }
    .w.now { background: var(--now); color: var(--now-text); box-shadow: 0 0 0 .12em var(--now); }
    """

    static let script = #"""
    "use strict";
    (() => {
      const audio = document.querySelector("audio");
      const words = Array.from(document.querySelectorAll("main .w"));
      const starts = words.map((w) => Number(w.dataset.start));
      const ends = words.map((w) => Number(w.dataset.end));
      let current = null;

      // The index of the last word that starts at or before t, or -1.
      function lastStartingBy(t) {
        let lo = 0, hi = starts.length - 1, found = -1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (starts[mid] <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
        }
        return found;
      }

      // Scroll only when the word has left the view, so reading is not disturbed.
      function keepInView(word) {
        const box = word.getBoundingClientRect();
        const top = document.querySelector("header").getBoundingClientRect().bottom;
        if (box.top < top || box.bottom > window.innerHeight) {
          word.scrollIntoView({ block: "center", behavior: "smooth" });
        }
      }

      // Highlight the word whose time span holds t; none in the pauses between words.
      function show(t) {
        const i = lastStartingBy(t);
        const word = i >= 0 && t < ends[i] ? words[i] : null;
        if (word === current) return;
        if (current) { current.classList.remove("now"); current.removeAttribute("aria-current"); }
        current = word;
        if (word) { word.classList.add("now"); word.setAttribute("aria-current", "true"); keepInView(word); }
      }

      // timeupdate fires a few times a second; while playing, follow every frame.
      function follow() {
        show(audio.currentTime);
        if (!audio.paused) requestAnimationFrame(follow);
      }
      audio.addEventListener("play", () => requestAnimationFrame(follow));
      for (const event of ["timeupdate", "seeked", "pause"]) {
        audio.addEventListener(event, () => show(audio.currentTime));
      }

      document.querySelector("main").addEventListener("click", (event) => {
        const word = event.target.closest(".w");
        if (!word) return;
        audio.currentTime = Number(word.dataset.start);
        show(audio.currentTime);
        audio.play().catch(() => {});
      });
    })();
    """#
}
