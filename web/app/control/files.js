// Files: export (control/export.js) and import (control/import.js) of record files, one
// part of the controller made of the two.

import { createExport } from "./export.js";
import { createImport } from "./import.js";

export { IMPORT_MAX_BYTES } from "./import.js";

/**
 * @param deps `engine`, the store's `get`/`up`, `parts` (`art`: the download), `table`,
 *   `saves`, `bots`, and where other files go: `daily` (`fileOf`), `dailyPlay`
 *   (`importDays`), `friends` (`openRecord`).
 */
export function createFiles(deps) {
  return { ...createExport(deps), ...createImport(deps) };
}
