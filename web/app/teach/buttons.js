// The teaching parts of the page that every screen has: the Rules and Hint buttons and the
// Painting's teaching layers, mounted once (teach/render.js draws into them), and the
// Settings panel's Hints switch. Apart from teach/render.js, which only the table needs
// (it loads with the board, app/parts.js).

import { h, s as svg } from "../dom.js";

const $ = (id) => document.getElementById(id);

let mounted = false;
/** The Moves/Points panel's tabs: [tab, label]. */
const TABS = [["moves", "Moves"], ["points", "Points"]];

/** Add the Rules and Hint buttons, the Painting's teaching layers and the Moves/Points panel. */
export function mountTeach() {
  if (mounted) return;
  mounted = true;
  const actions = $("actions");
  actions?.prepend(h("button", { type: "button", class: "btn btn-rules", id: "btn-rules", "data-action": "rules-open",
    "aria-haspopup": "dialog", "aria-keyshortcuts": "?", "aria-label": "Rules", title: "How to play (?)" },
  h("span", { class: "rules-q", "aria-hidden": "true", text: "?" }), h("span", { class: "btn-label", text: "Rules" })));
  const tools = document.querySelector(".gallery-tools");
  $("btn-rotate")?.after(h("button", { type: "button", class: "btn btn-hint", id: "btn-hint", "data-action": "hint",
    title: "Show the move the medium bot would make" }, "Hint"));
  if (tools && !$("btn-hint")) tools.prepend(h("button", { type: "button", class: "btn btn-hint", id: "btn-hint", "data-action": "hint" }, "Hint"));
  document.querySelector(".view-tools")?.append(h("button", { type: "button", class: "tool tool-rules",
    "data-action": "rules-open", "aria-haspopup": "dialog", "aria-label": "Rules", title: "How to play (?)" }, "?"));
  const spots = $("layer-spots");
  spots?.before(svg("g", { id: "layer-marks" }));
  $("layer-ghost")?.after(svg("g", { id: "layer-note", "aria-hidden": "true" }));
  const panel = h("section", { class: "panel teach-panel", id: "teach-panel", "aria-label": "Moves and points" },
    // WAI-ARIA tabs: one Tab stop (the selected tab), arrow keys, Home and End (events.js)
    h("div", { class: "teach-tabs", role: "tablist", "aria-label": "Moves and points" },
      TABS.map(([tab, label], i) => h("button", { type: "button", role: "tab", class: "teach-tab", id: `tab-${tab}`,
        "data-action": "teach-tab", "data-tab": tab, "aria-controls": `teach-${tab}`, "aria-selected": "false",
        tabindex: i === 0 ? "0" : "-1" }, label))),
    TABS.map(([tab]) => h("div", { class: "teach-body", id: `teach-${tab}`, "data-tab": tab, role: "tabpanel",
      "aria-labelledby": `tab-${tab}`, hidden: true })));
  // first of what a phone shows below the first screen (index.html's #side-more)
  if ($("side-more")) $("side-more").prepend(panel);
  else $("gallery-panel")?.after(panel);
}

/** The Settings panel's Hints switch (its row in the dialog). */
export function hintsSetting(s) {
  return h("fieldset", { class: "settings-hints" },
    h("legend", { text: "Hints" }),
    h("button", { type: "button", role: "switch", class: "switch", "data-action": "setting-hints",
      "aria-checked": s.teach.hints ? "true" : "false", "aria-describedby": "hints-note" },
    h("span", { class: "switch-track", "aria-hidden": "true" }), h("span", { text: "Show the Hint button" })),
    h("p", { class: "setting-note", id: "hints-note", text: "Turn hints off for a fair game. The end screen says how many hints were used." }));
}
