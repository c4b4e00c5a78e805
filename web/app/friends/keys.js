// This device's signing key for a friend game (docs/friends.md, "Signed placements"):
// an ECDSA P-256 key pair made with WebCrypto when the device joins. The public key goes
// into the record beside the commitment; the private key stays on this device, kept with
// its saved game (as a JWK, like the device's secret), and signs each of its placements.
// The engine only verifies (destijl.p256); it never sees the private key.

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** A new key pair: `{public: hex of the raw 65-byte key, private: JWK}`. */
export async function makeKey() {
  const pair = await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const [raw, jwk] = await Promise.all([crypto.subtle.exportKey("raw", pair.publicKey),
    crypto.subtle.exportKey("jwk", pair.privateKey)]);
  return { public: hex(raw), private: jwk };
}

/** The signature (r || s, 128 hex digits) of `text` with the private key `jwk`. */
export async function signText(jwk, text) {
  const key = await crypto.subtle.importKey("jwk", jwk, ALGORITHM, false, ["sign"]);
  return hex(await crypto.subtle.sign(SIGNING, key, new TextEncoder().encode(text)));
}
