// Which game a rating entry is about (rating/store.js keeps the keys counted and undone).

/** A game's key: its seed and deal (a rematch is a new deal, so a new key). */
export function gameKey(record) {
  return `${record?.seed ?? "-"}:${(record?.deal || []).join(",")}`;
}
