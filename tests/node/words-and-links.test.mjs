// Pure front-end logic that reads the engine's facts (rules-data.js), from the built site:
// run by `make test-node` after `make build` (`node --test tests/node/`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { RULES } from "../../dist/app/rules-data.js";
import { BOT_NAMES, defaultName, isDefaultName, ordinal, rangeText } from "../../dist/app/words.js";
import { MAX_PAYLOAD, pack, payloadOf, unpack } from "../../dist/app/link/codec.js";

test("rangeText lists the cover range as a sentence does", () => {
  assert.equal(rangeText(2, 4), "2, 3 or 4");
  assert.equal(rangeText(1, 2), "1 or 2");
  assert.equal(rangeText(3, 3), "3");
  assert.equal(rangeText(...RULES.cover), "2, 3 or 4");
});

test("default names: the player, then the engine's bot names, friends by their own list", () => {
  assert.deepEqual(BOT_NAMES, RULES.default_names.bots);
  assert.equal(defaultName(0, "human"), RULES.default_names.player);
  assert.equal(defaultName(1, "bot:medium"), "Piet");
  assert.equal(defaultName(2, "bot:hard"), "Theo");
  assert.equal(defaultName(1, "human", [{ controller: "human" }]), "Player 2");
  assert.equal(defaultName(1, "friend", [{ controller: "human" }]), RULES.default_names.friends[0]);
  assert.ok(isDefaultName("Theo") && isDefaultName("Player 3") && !isDefaultName("Ann"));
  assert.equal(ordinal(2), "2nd");
  assert.equal(ordinal(11), "11th");
});

test("a link's payload packs and unpacks, and the engine's size limit holds", async () => {
  assert.equal(MAX_PAYLOAD, RULES.link.max_payload);
  const text = JSON.stringify({ format: "destijl/1", moves: Array(50).fill("12@3,-1r90") });
  const payload = await pack(text);
  assert.match(payload, /^[A-Za-z0-9_-]+$/);
  assert.equal(await unpack(payload), text);
  assert.equal(payloadOf(`#g=${payload}&x=1`), payload);
  await assert.rejects(unpack("x".repeat(MAX_PAYLOAD + 1)), /^LinkError: link: .*more than the 8,000/);
});

test("a friend game's device calls its own seat you: 'You win', 'You placed here: you +1' (issue 61)", async () => {
  const { changeText, winnerText } = await import("../../dist/app/words.js");
  const view = { seats: [{ name: "Ann" }, { name: "Ben" }], current_seat: 0,
    result: { winners: [1] } };
  assert.equal(winnerText(view, 1), "You win!"); // on Ben's device (it said "Ben wins!")
  assert.equal(winnerText(view, 0), "Ben wins!");
  assert.equal(winnerText(view), "Ben wins!");
  assert.equal(changeText(view, [1, 0], 0, 0), "You +1");
  assert.equal(changeText(view, [1, 0], 0, 0, "you"), "you +1"); // "You placed here: " on Ann's device (it said "Ann +1")
  assert.equal(changeText(view, [1, -1], 0, 1), "Ann +1, You -1");
});
