// A classic script (not a module), so it runs where the game's modules cannot: in a frame
// sandboxed without `allow-same-origin`, the page's origin is opaque ("null"), every
// module script is refused by CORS and the game could never start. Then this says so on
// the page, and what the embedding page's author must change. Elsewhere it does nothing.
(function sandboxCheck() {
  "use strict";
  var opaque = self.origin === "null" || (typeof location !== "undefined" && location.origin !== self.origin);
  if (!opaque) return;
  var message = "De Stijl cannot start in this frame: the page embeds it with a sandbox that leaves out "
    + "allow-same-origin, and without it the browser refuses to run the game. The page's author must write "
    + 'sandbox="allow-scripts allow-same-origin" on the iframe (or leave sandbox out).';
  document.documentElement.setAttribute("data-engine", "failed");
  document.documentElement.setAttribute("data-sandboxed", "opaque");
  var loader = document.getElementById("loader");
  var text = document.getElementById("loader-text");
  if (loader && text) {
    loader.hidden = false;
    loader.classList.add("failed");
    text.textContent = message;
    var bar = document.getElementById("loader-bar");
    if (bar) bar.hidden = true;
  } else {
    var p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.textContent = message;
    document.body.prepend(p);
  }
  var preview = document.querySelector("[data-preview], .preview");
  if (preview) preview.hidden = true;
}());
