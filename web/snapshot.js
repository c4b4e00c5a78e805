// The engine worker's memory snapshot (docs/web.md, "Memory snapshot"): Python's whole
// memory just after `import destijl.api`, before any request, so it holds no game, key or
// secret. The first boot on a device makes it (Pyodide's `makeMemorySnapshot`) and keeps it
// gzipped in Cache Storage, under the build's version; later boots restore it instead of
// starting Python and importing the engine. Everything here fails soft: a snapshot that is
// missing, damaged (gzip's CRC), from another build, or a Cache Storage that refuses to open,
// read or store gives `null` or does nothing, and the worker boots as if there were none.

const CACHE = "engine-snapshot"; // not "destijl-...": the service worker deletes those it does not own
const CHUNK = 1 << 20; // compressed a mebibyte at a time, the worker's messages in between
const HEADER = "X-Destijl-Build"; // the build that made it, checked on reading

/** The Cache Storage key of the snapshot of build `version`. */
const keyFor = (version) => new URL(`engine-snapshot/${version}.bin.gz`, self.location.href).href;

/** One task of the event loop (requests that arrived meanwhile are answered first). */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * The snapshot of build `version` from Cache Storage, inflated: {bytes, state: "found"}, or
 * {bytes: null, state, message} with state "missing" (none, or one from another build),
 * "damaged" (not a whole gzip stream: dropped) or "refused" (no Cache Storage here). Never throws.
 */
export async function readSnapshot(version) {
  let cache;
  try {
    if (!globalThis.caches || !globalThis.DecompressionStream) return { bytes: null, state: "refused", message: "no Cache Storage" };
    cache = await caches.open(CACHE);
  } catch (error) {
    return { bytes: null, state: "refused", message: String(error?.message ?? error) };
  }
  try {
    const hit = await cache.match(keyFor(version));
    if (!hit) return { bytes: null, state: "missing", message: "" };
    if (hit.headers.get(HEADER) !== version) {
      await cache.delete(keyFor(version));
      return { bytes: null, state: "missing", message: "made by another build" };
    }
    const inflated = hit.body.pipeThrough(new DecompressionStream("gzip"));
    return { bytes: new Uint8Array(await new Response(inflated).arrayBuffer()), state: "found", message: "" };
  } catch (error) {
    await forgetSnapshot(version);
    return { bytes: null, state: "damaged", message: String(error?.message ?? error) };
  }
}

/** Drop the kept snapshot of build `version` (it could not be read or restored). */
export async function forgetSnapshot(version) {
  try {
    await (await caches.open(CACHE)).delete(keyFor(version));
  } catch {
    // nothing kept, or no Cache Storage: nothing to drop
  }
}

/**
 * Keep `bytes` (a snapshot of build `version`) gzipped in Cache Storage, replacing the
 * snapshots of other builds. Compressed a chunk per task, so requests are not held up long.
 * Resolves with {stored: true, bytes} (the gzipped size) or {stored: false, message}.
 */
export async function storeSnapshot(version, bytes) {
  try {
    if (!globalThis.caches || !globalThis.CompressionStream) return { stored: false, message: "no Cache Storage" };
    const stream = new CompressionStream("gzip");
    const compressed = new Response(stream.readable).blob();
    const writer = stream.writable.getWriter();
    for (let at = 0; at < bytes.length; at += CHUNK) {
      await writer.write(bytes.subarray(at, at + CHUNK));
      await nextTask();
    }
    await writer.close();
    const blob = await compressed;
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(keyFor(version), new Response(blob, {
      headers: { "Content-Type": "application/gzip", [HEADER]: version },
    }));
    return { stored: true, bytes: blob.size };
  } catch (error) {
    return { stored: false, message: String(error?.message ?? error) };
  }
}
