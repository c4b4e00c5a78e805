// Settings (ACCESS): the panel's choices (theme, colour-blind mode, the finished games kept), remembered in the
// preferences, and a ?theme= link that wins for this visit only.

import { readParams } from "../params.js";
import { settingsFromPrefs } from "../state.js";
import { THEMES } from "../words.js";
import { KEEP_CHOICES } from "../saved-games.js";
import { loadPrefs, writePrefs } from "../prefs.js";
import * as T from "../transitions.js";

/** @param deps the store's `get`/`up`, and the page's `location` (a ?theme= link). */
export function createSettings({ get, up, location }) {

  /** At start-up: the saved choices (validated; bad values fall back to the defaults) and the link. */
  function init() {
    up(T.setSettings, settingsFromPrefs(loadPrefs()));
    const theme = readParams(location?.search || "").theme;
    if (theme) up(T.setThemeOverride, theme);
  }

  function open() {
    up(T.openDialog, { kind: "settings" });
  }

  /** Change one setting and remember it. */
  function set(name, value) {
    if (name === "theme" && !THEMES.some(([v]) => v === value)) return;
    if (name === "keepFinished" && !KEEP_CHOICES.includes(value)) return;
    up(T.setSettings, { [name]: value });
    if (name === "theme") up(T.setThemeOverride, null); // the player's choice now wins
    const { theme, colourBlind, keepFinished } = get().settings;
    writePrefs({ ...loadPrefs(), theme, colourBlind, keepFinished });
  }

  return { init, open, set };
}
