// Entry point of both pages (one script, the page's data-mode decides).
// The full site starts the game app (app.js) at once. The embed first shows a preview
// (preview.js: a finished Painting, Start game, the download size) and loads the app, the
// worker and Python only when the reader presses Start game, or at once with autoload=1.

/**
 * The theme the player chose, on <html> before anything draws (the embed shows its preview
 * long before the app loads): a link's ?theme=light|dark, else the saved choice in
 * destijl.prefs, as render/settings.js reads them. "Follow the system" needs nothing here:
 * style.css follows prefers-color-scheme while <html> has no data-theme.
 */
function earlyTheme() {
  let choice = new URLSearchParams(location.search).get("theme");
  if (choice !== "light" && choice !== "dark") {
    try {
      choice = JSON.parse(localStorage.getItem("destijl.prefs") || "null")?.theme;
    } catch {
      return; // storage blocked or unreadable: the system's theme (the app says why, later)
    }
  }
  if (choice === "light" || choice === "dark") document.documentElement.dataset.theme = choice;
}
earlyTheme();

const mode = document.body.dataset.mode === "embed" ? "embed" : "full";
// A game link (#g=...) on the site: its screen (friends/invite.js, "Ann invited you to a
// game of De Stijl") instead of the start screen from the first paint, not after the engine
if (mode === "full" && /^#g=/.test(location.hash)) document.documentElement.dataset.link = "opening";
// embed.html?lab=1: the Bot Lab in the embed (lab.html in its compact mode, docs/bots.md)
if (mode === "embed" && /^(1|on|true|yes)$/i.test(new URLSearchParams(location.search).get("lab") ?? "")) {
  const url = new URL("lab.html", location.href);
  url.search = location.search;
  url.searchParams.delete("lab");
  url.searchParams.set("embed", "1");
  url.hash = location.hash;
  location.replace(url.href);
}
document.documentElement.dataset.boot = String(performance.timeOrigin); // tells one page load from the next
const autoload = /^(1|on|true|yes)$/i.test(new URLSearchParams(location.search).get("autoload") ?? "");

/**
 * The whole stylesheet, where the built embed inlined only its preview's rules and names
 * the whole sheet in a <meta> (build_scripts/critical_css.py): loaded before the app draws
 * anything else, so the game never shows unstyled. Elsewhere the page has it already.
 */
function wholeStylesheet() {
  const href = document.querySelector('meta[name="destijl:stylesheet"]')?.content;
  if (!href) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", () => reject(new Error("the game's stylesheet did not load")));
    document.head.append(link);
  });
}

/** Load and start the app; a failed load is said on the page, never a blank page. */
async function start(play) {
  try {
    const [{ startApp }] = await Promise.all([import("./app.js"), wholeStylesheet()]);
    startApp({ mode, play });
  } catch (error) {
    const loader = document.getElementById("loader");
    loader.hidden = false;
    loader.classList.add("failed");
    document.getElementById("loader-text").textContent =
      `The game could not load (${error.message}). Check the connection and reload the page.`;
  }
}

if (mode === "embed" && !autoload) {
  try {
    const preview = await import("./preview.js");
    preview.showPreview({
      onPlay: () => {
        preview.closeWhenPlaying();
        start(true);
      },
    });
  } catch {
    document.body.classList.remove("is-preview");
    start(false);
  }
} else {
  document.body.classList.remove("is-preview");
  start(false);
}
