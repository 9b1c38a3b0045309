// Work put off to the right moment: a value drawn once a frame (the latest of several that
// came meanwhile), and reads of sizes or scroll positions made once the page is laid out.

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

// `fn()` once `elm` is next laid out: a ResizeObserver reports an element's size once when
// it starts watching it, after the page's layout, so `fn` reads sizes and scroll positions
// (and scrolls) without a layout of its own.  Never while the element is not drawn (a
// hidden panel): then when it is.  The latest `fn` asked for wins.
export function afterLayout(elm) {
  let job = null;
  const ro = new ResizeObserver(() => {
    const fn = job;
    job = null;
    ro.disconnect();
    if (fn) fn();
  });
  return (fn) => {
    job = fn;
    ro.disconnect();
    ro.observe(elm);
  };
}
