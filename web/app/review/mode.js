// The review's mode ("Review this game", review/control.js): the dialog of kind "review"
// over the table. It takes no moves; everything else is the reviewed game's.

import { lookingBack } from "../mode.js";

export const REVIEW = lookingBack({ name: "review", is: (s) => s.dialog?.kind === "review" });
