// Your rating (docs/web.md, "Your rating"): Glicko-2 (Glickman, "Example of the Glicko-2
// system", 2013) against the bot levels' ladder ratings. Pure functions, no page: tested by
// `node --test tests/node/`.

export const START = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });
export const LEVEL_RD = 50; // the ladder's ratings are known to about +-100 (95%): RD 50
const SCALE = 173.7178;
const TAU = 0.5;
const MIN_RD = 30;

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The new volatility (the Illinois algorithm of the paper's step 5). */
function volatility(phi, sigma, delta, v) {
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > 1e-6; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C; fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * The player after one game: `results` one per opponent, {rating, rd, score} with score 1
 * (the player finished above that opponent), 0.5 (level) or 0 (below).
 */
export function update(player, results) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (!results.length) return { ...player };
  let vInv = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.rating - 1500) / SCALE;
    const phiJ = (r.rd ?? LEVEL_RD) / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInv += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (r.score - e);
  }
  const v = 1 / vInv;
  const sigma = volatility(phi, player.vol, v * sum, v);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: 1500 + SCALE * muNew, rd: Math.max(MIN_RD, SCALE * phiNew), vol: sigma };
}

/**
 * A finished game's results for the rating, or null if it does not count: exactly one
 * human seat (index `me`), every other seat a rated bot level (`ratingOf(controller)` a
 * number), the game over and scored. Against each bot: 1 if you finished above it (more
 * points, or the tie-break won), 0.5 level, 0 below.
 */
export function gameResults(view, ratingOf) {
  const humans = view.seats.flatMap((seat, i) => (seat.controller === "human" ? [i] : []));
  if (!view.is_over || !view.result || humans.length !== 1) return null;
  const me = humans[0];
  const results = [];
  const total = (i) => view.result.seats[i].total;
  const won = (i) => view.result.winners.includes(i);
  for (let i = 0; i < view.seats.length; i++) {
    if (i === me) continue;
    const rating = ratingOf(view.seats[i].controller);
    if (typeof rating !== "number") return null;
    let score = total(me) > total(i) ? 1 : total(me) < total(i) ? 0 : 0.5;
    if (score === 0.5 && won(me) !== won(i)) score = won(me) ? 1 : 0;
    results.push({ rating, rd: LEVEL_RD, score });
  }
  return results.length ? results : null;
}

/** "1480 ± 90" (the ± is twice the RD: a 95% range), with ", up 24" / ", down 8" after a game. */
export function ratingText(player, before = null) {
  const base = `${Math.round(player.rating)} ± ${Math.round(2 * player.rd)}`;
  if (!before) return base;
  const change = Math.round(player.rating) - Math.round(before.rating);
  return `${base}, ${change >= 0 ? "up" : "down"} ${Math.abs(change)}`;
}
