// Evaluated in the redraw page: notes when #table's data-ply changes, as (time, moves).
() => { const b = window.__bench; b.plies = []; let last = null;
  new MutationObserver(() => {
    const ply = Number(document.querySelector('#table')?.dataset.ply ?? NaN);
    if (ply !== last) { last = ply; b.plies.push([performance.now(), ply]); }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ply'] }); }
