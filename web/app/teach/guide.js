// The guided first game's steps (teach/tour.js draws the note): started on a fresh profile's
// first game, or from the Rules panel; each step ends as soon as the player has done it;
// Skip or the last step ends it for good (prefs.tutorialDone).

import { loadPrefs, writePrefs } from "../prefs.js";
import { isBot } from "../words.js";
import { TOUR_STEPS } from "./state.js";

/** The tour's moves. `deps`: the store's `get` and the page's `mode` (the embed has no tour);
 * `set(changes)` changes `state.teach`. */
export function createGuide({ get, mode }, set) {

  function startTour() {
    set({ tour: 0, rules: false });
  }

  function endTour() {
    set({ tour: null });
    writePrefs({ ...loadPrefs(), tutorialDone: true });
  }

  function nextStep(step) {
    if (step + 1 >= TOUR_STEPS.length) endTour();
    else set({ tour: step + 1 });
  }

  /**
   * Follow the player: a step ends as soon as its action is done, and a card placed ends
   * every step before the score's (a player who places without turning the card is past
   * "Turn it" and "Place it"). The game's end ends the tour: it never carries into a Rematch.
   */
  function tourStep(s, p) {
    const step = s.teach.tour;
    if (step === null || !p) return;
    const v = s.view;
    const placed = v && p.view && v.ply > p.view.ply && v.last_move && !isBot(v.seats[v.last_move.seat].controller);
    if (v?.is_over) endTour();
    else if (placed && step < 3) set({ tour: 3 });
    else if (step === 0 && s.held !== null && p.held === null) nextStep(0);
    else if (step === 1 && ((s.held !== null && s.rotation !== p.rotation) || (v && v.rotations.length < 2))) nextStep(1);
    else if (step === 3 && s.teach.seat !== null && p.teach.seat === null) nextStep(3);
  }

  /** On a fresh profile, the first game on the table starts the tour. */
  function maybeTour() {
    const s = get();
    if (mode === "embed" || s.screen !== "table" || s.teach.tour !== null || s.view?.is_over) return; // the embed stays compact
    if (loadPrefs().tutorialDone !== true) startTour();
  }

  return { startTour, endTour, nextStep, tourStep, maybeTour };
}
