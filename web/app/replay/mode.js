// The replay viewer's mode: any game looked at move by move (replay/control.js). It takes no
// moves; the table shows the viewer's view, the banner says where it is, and a finished
// game's end screen waits until the viewer closes.

import { lookingBack } from "../mode.js";

/** "Shared game · " or "Today's Painting #3 · 2026-12-03 · " before an opened link's replay. */
function sharedLabel(shared) {
  if (!shared) return "";
  return shared.kind === "daily" ? `Today's Painting #${shared.number} · ${shared.day} · ` : "Shared game · ";
}

export const REPLAY = lookingBack({
  name: "replay", is: (s) => !!s.replay, showsEnd: false, pageClass: "is-replay",
  shown: (s) => s.replay,
  banner: (s, v) => `${sharedLabel(s.shared)}Replay · after move ${v.ply} of ${s.view.record.moves.length}`,
});
