// A normal game (docs/web.md, "Modes"): dealt here from the start screen's form (Start game,
// Rematch; control/games.js), every seat played on this device, Undo and the Hint allowed,
// kept by control/saves.js, rated when it is one person against rated bot levels.

import { gameMode } from "../mode.js";

export const NORMAL = gameMode({ name: "normal", origin: "normal" });
