// How many saved games are kept (saved-games.js applies it; Settings shows it): the player's
// own finished games by their rule, and games opened from other people's links apart.

/** The player's own finished games kept per page mode unless Settings says otherwise. */
export const KEEP_FINISHED = 12;
/** Settings' choices for `keepFinished`, the finished games kept; "all" deletes none. */
export const KEEP_CHOICES = [12, 25, 50, 100, "all"];
/** Games opened from someone else's link kept per page mode; older ones go on their own. */
export const KEEP_SHARED = 12;
