// The controller parts of the modes, by name: what the modules every mode shares (moves.js,
// games.js, the Rematch route) ask for by the table's mode (mode.js: `plays`, `endedBy`,
// `rematchBy`), rather than being handed one part per mode. The controller adds each part
// here as it makes it (controller.js), so the wiring stays one-way: this registry is made
// before the parts that use it, and a mode's part is only looked up once an intent runs.

/**
 * @returns {{add: (name: string, part: object) => object, of: (name: string) => object}}
 *   `add(name, part)` keeps `part` under `name` and returns it; `of(name)` is the part kept
 *   under `name` (an Error if none is: a mode names a part the controller did not add).
 */
export function createModeParts() {
  const parts = new Map();
  return {
    add(name, part) {
      parts.set(name, part);
      return part;
    },
    of(name) {
      const part = parts.get(name);
      if (!part) throw new Error(`no controller part "${name}" for this mode`);
      return part;
    },
  };
}
