// The Painting's camera: the SVG viewBox, tweened so the Painting grows smoothly after each
// move (at once when the reader prefers reduced motion, or when panned or zoomed by hand).
// A fitted view takes the shape of the Painting's element (queries.js fitBox), and is fitted
// again when the element changes size (a phone turned, a window resized).

import { fitBox } from "../queries.js";

const $ = (id) => document.getElementById(id);

/**
 * A camera for the Painting: `cameraTo(box, animate, fit)` sets or tweens its viewBox to
 * `box`, or, when `box` is null, to the fit of `fit` ({bounds, margin}) in the element's shape.
 */
export function createCamera() {
  const camera = { box: null, anim: 0, fit: null, size: null };

  /** CSS px per cell of the Painting, as `--cell-px` on its SVG: style.css sizes the
   * colour-blind letters from it, so they stay legible at any zoom. */
  function cellSize() {
    const svg = $("painting-svg");
    const b = camera.box;
    const r = camera.size;
    if (!b || !r) return;
    const px = Math.min(r.width / b.w, r.height / b.h).toFixed(2);
    if (svg.style.getPropertyValue("--cell-px") !== px) svg.style.setProperty("--cell-px", px);
  }
  const fitted = (fit) => fitBox(fit.bounds, fit.margin, camera.size ? camera.size.width / camera.size.height : 1);
  new ResizeObserver(([entry]) => {
    const { width, height } = entry.contentRect;
    camera.size = width && height ? { width, height } : null;
    // a fitted view follows the element's shape; a view zoomed by hand stays as it is
    if (camera.fit && camera.size) set(fitted(camera.fit), true);
    else cellSize();
  }).observe($("painting-svg"));
  // After a new viewBox, measure in the next frame, once the browser has laid the table out
  // anyway: measuring at once would force a layout in the middle of a redraw, which the
  // rest of the redraw (Gallery, seats, focus) undoes, so the first draw of the table paid
  // for two layouts in one long task.
  let sizing = 0;
  const cellSizeSoon = () => {
    if (!sizing) sizing = requestAnimationFrame(() => { sizing = 0; cellSize(); });
  };
  function set(b, still = false) {
    if (still) {
      cancelAnimationFrame(camera.anim);
      $("painting-svg").dataset.camera = "still";
    }
    camera.box = b;
    $("painting-svg").setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
    cellSizeSoon();
  }

  return function cameraTo(target, animate, fit = null) {
    const svg = $("painting-svg");
    const from = camera.box;
    camera.fit = target ? null : fit;
    const box = target || fitted(fit);
    cancelAnimationFrame(camera.anim);
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    // data-camera: "moving" while a tween runs, "still" once the view is where it goes (tests wait on it)
    if (!from || !animate || reduce) return set(box, true);
    svg.dataset.camera = "moving";
    const start = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - start) / 260);
      const e = 1 - (1 - t) ** 3;
      set({ x: from.x + (box.x - from.x) * e, y: from.y + (box.y - from.y) * e,
        w: from.w + (box.w - from.w) * e, h: from.h + (box.h - from.h) * e });
      if (t < 1) camera.anim = requestAnimationFrame(step);
      else svg.dataset.camera = "still";
    };
    camera.anim = requestAnimationFrame(step);
  };
}
