// The teaching parts' slice of the state (state.teach) and its pure transitions: the score
// preview, the hint, the score history, the side panel's tabs, the Rules panel and the
// guided first game. No DOM, no engine, no rule.

/** The guided first game's steps: what to do, and the element the note points at. */
export const TOUR_STEPS = [
  { target: "gallery-panel", title: "Pick a card", body: "Take one of the Gallery's cards: click it (or press 1 to 9).",
    touch: "Take one of the Gallery's cards: tap it." },
  { target: "btn-rotate", title: "Turn it", body: "Rotate (or R) turns the card you hold, to fit your colour where you want it.",
    touch: "Rotate turns the card you hold, to fit your colour where you want it." },
  { target: "painting", title: "Place it", body: "Dots mark where it may go. Point at one: the line above the Painting says what it scores. Click to place.",
    touch: "Dots mark where it may go. Tap one: the card shows there and the line above the Painting says what it scores. Tap it again, or Place, to put it down.",
    // while no card is held there are no dots: the note says so
    unheld: "Hold a card first (click one in the Gallery): dots then mark where it may go. Point at one: the line above the Painting says what it scores. Click to place.",
    unheldTouch: "Hold a card first (tap one in the Gallery): dots then mark where it may go. Tap one: the card shows there and the line above the Painting says what it scores. Tap it again, or Place, to put it down." },
  { target: "teach-panel", title: "The score", body: "Open Points and pick a player to see their strokes and bonuses. Moves lists every card.",
    touch: "Below the seats: tap Points, then a player, to see their strokes and bonuses. Moves lists every card." },
];

/** The initial `state.teach`. */
export function teachState() {
  return {
    preview: null, // the engine's preview of the held card: {record, key, seat, spots: {"x,y": spot}}; e.g. {key: "4:17:90", ...}
    hint: null, // the medium bot's suggestion shown as a ghost: {record, move, change, ...}; e.g. {move: {card: 17, x: 3, y: -1, rotation: 90}, change: [3, -1, 0]}
    hints: true, // the Hints setting: off for a fair game; e.g. false
    hintsUsed: 0, // hints asked for in the game on the table; e.g. 2
    history: null, // the engine's score history of the game on the table: {record, start, plies, rounds}
    losses: null, // the review's judged placements of the game on the table (review/control.js): {record, moves}
    tab: null, // the open tab of the Moves/Points panel, null when folded; e.g. "moves"
    ply: null, // the move-log entry highlighted on the Painting (1-based); e.g. 4
    seat: null, // the seat whose strokes the Painting highlights; e.g. 1
    rules: false, // the Rules panel is open; e.g. true
    tour: null, // the step of the guided first game on screen (0-3), null when none; e.g. 1
  };
}

/** Which preview the table needs now: the move number, the held card and its rotation. */
export function previewKey(s) {
  return s.view && s.held !== null ? `${s.view.ply}:${s.held}:${s.rotation}` : null;
}

/** The engine's preview for what the table shows now, or null (none yet, or stale). */
export function currentPreview(s) {
  const pv = s.teach.preview;
  return pv && s.view && pv.record === s.view.record && pv.key === previewKey(s) ? pv : null;
}

/** Change some fields of `state.teach`; the same state if nothing changes. */
export function setTeach(s, changes) {
  const t = s.teach;
  if (Object.entries(changes).every(([k, v]) => t[k] === v)) return s;
  return { ...s, teach: { ...t, ...changes } };
}

/** Fold the Moves/Points panel, or open it on `tab`. */
export function toggleTab(s, tab) {
  return setTeach(s, { tab: s.teach.tab === tab ? null : tab });
}

/** Open the Moves/Points panel on `tab` (arrow keys on the tabs: select, never fold). */
export function openTab(s, tab) {
  return setTeach(s, { tab });
}

/** Highlight move `ply` of the log on the Painting (again: off). */
export function selectPly(s, ply) {
  return setTeach(s, { ply: s.teach.ply === ply ? null : ply, seat: null });
}

/** Highlight the strokes of `seat` (again: off). */
export function selectSeat(s, seat) {
  return setTeach(s, { seat: s.teach.seat === seat ? null : seat, ply: null });
}
