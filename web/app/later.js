// Everything the start screen does not need, as one module: app/parts.js imports it once
// the browser is idle after the first paint (or at once when a part is needed sooner), so
// a build makes it one bundle, and the code it shares with the start screen's bundle one
// or two chunks rather than a chunk for every pair of parts.

export * as board from "./render/board.js";
export * as art from "./export-art.js";
export * as friends from "./friends/control.js";
export * as daily from "./daily/play.js";
