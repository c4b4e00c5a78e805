// The replay viewer's bar under the table: where it is ("Move 3 of 20") and its steps, each
// disabled at its end. Drawn from `state.replay`; hidden while the viewer is closed.

import { show, text } from "../dom.js";

const $ = (id) => document.getElementById(id);

/** Draw the replay bar for state `s`. */
export function drawReplayBar(s) {
  show($("replay-bar"), !!s.replay);
  if (!s.replay) return;
  const total = s.view.record.moves.length;
  text($("replay-pos"), `Move ${s.replay.ply} of ${total}`);
  for (const btn of $("replay-bar").querySelectorAll("button")) {
    const back = btn.dataset.step === "-1" || btn.dataset.to === "start";
    const fwd = btn.dataset.step === "1" || btn.dataset.to === "end";
    btn.disabled = (back && s.replay.ply === 0) || (fwd && s.replay.ply === total);
  }
}
