// Work put off to the right moment: a value drawn once a frame (the latest of several that
// came meanwhile).

// `draw(value)` once before the next frame, with the latest value given since the last
// draw: several given before a frame are drawn once.  A hidden tab has no frames: a timer
// draws there instead (the browser runs it once a second at most), and the tab shown again
// draws at once.  Returns { put(value), flush(), pending() }: flush() draws now what waits.
export function oncePerFrame(draw, fallbackMs = 250) {
  let value = null, waiting = false, raf = 0, timer = 0;
  const flush = () => {
    if (!waiting) return;
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    const v = value;
    waiting = false;
    value = null;
    draw(v);
  };
  document.addEventListener("visibilitychange", () => { if (!document.hidden) flush(); });
  return {
    put(v) {
      value = v;
      if (waiting) return;
      waiting = true;
      raf = requestAnimationFrame(flush);
      timer = setTimeout(flush, fallbackMs);
    },
    flush,
    pending: () => (waiting ? value : null),
  };
}
