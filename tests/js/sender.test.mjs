// The sending of a sheet page's saves (outbox.js sender): one at a time, sent again with the
// same id and the version it was asked on until the app answers, a press on the way answered
// by the save before it, nothing sent by itself after a refusal.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { sender } from "../../scoring/static/scoring/sheet/outbox.js";
import { load } from "../../scoring/static/scoring/sheet/storage.js";
import { GAME_ROW } from "../../scoring/static/scoring/sheet/values.js";

/** A page with a store and a fake network: ``answers`` are taken one a post (a function of the
 * body, or null: no connection). */
function page(answers, extra = {}) {
  const store = load({ getItem: () => null }, "k");
  let ids = 0;
  const page = {
    store, url: "/zettel/t/speichern/", sheet: "7", model: GAME_ROW, retry: 1000,
    sent: [], answers: [], kept: 0, version: () => "3", token: () => "csrf",
    keep() { this.kept += 1; },
    remember() {},
    shown() {},
    makeId: () => `id${++ids}`,
    answered(data, action) { this.answers.push([data.outcome, action]); },
    post(url, body) {
      page.sent.push(Object.fromEntries(body));
      const answer = answers.shift();
      return answer === null ? Promise.reject(new Error("offline")) :
        Promise.resolve(typeof answer === "function" ? answer(body) : answer);
    },
    ...extra,
  };
  return page;
}

const GAME = { declarer: "0", bid: "200", kind: "played" };

test("a save sends the drafts with a save id and the page's version, then drops the outbox", async () => {
  const one = page([{ outcome: "saved" }]);
  one.store.drafts = { 2: { fields: GAME } };
  const outbox = sender(one);
  await outbox.request("save");
  assert.deepEqual(one.sent, [{
    csrfmiddlewaretoken: "csrf", sheet: "7", version: "3", save_id: "id1", action: "save",
    "g2-declarer": "0", "g2-bid": "200", "g2-kind": "played",
  }]);
  assert.deepEqual(one.answers, [["saved", "save"]]);
  assert.equal(one.store.outbox, null);
  assert.equal(outbox.sending(), false);
});

test("without an answer the save goes again with the same id and version", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const one = page([null, { error: "not the app" }, { outcome: "saved" }]);
    one.store.drafts = { 1: { fields: GAME } };
    const outbox = sender(one);
    await outbox.request("submit");
    assert.equal(one.sent.length, 1);
    assert.notEqual(one.store.outbox, null); // it waits
    one.version = () => "5"; // the page moved on meanwhile: the save stays on its version
    mock.timers.tick(1000);
    await new Promise((resolve) => setImmediate(resolve));
    await outbox.send(); // the connection back: at once
    assert.equal(one.sent.length, 3);
    assert.deepEqual(one.sent.map((body) => [body.save_id, body.version, body.action]),
      [["id1", "3", "submit"], ["id1", "3", "submit"], ["id1", "3", "submit"]]);
    assert.equal(one.store.outbox, null);
  } finally {
    mock.timers.reset();
  }
});

test("a device that knows it is offline sends nothing: the save waits for the connection", async () => {
  let network = false;
  const one = page([{ outcome: "saved" }], { online: () => network });
  one.store.drafts = { 1: { fields: GAME } };
  const outbox = sender(one);
  await outbox.request("save");
  assert.equal(one.sent.length, 0);
  assert.equal(one.store.outbox.action, "save"); // kept on the device
  assert.ok(one.kept > 0);
  await outbox.send(); // still without a network
  assert.equal(one.sent.length, 0);
  network = true;
  await outbox.send(); // the connection back
  assert.deepEqual(one.sent.map((body) => [body.save_id, body.action]), [["id1", "save"]]);
  assert.equal(one.store.outbox, null);
});

test("a press while a save is on its way goes after it only when it was saved", async () => {
  let release;
  const slow = new Promise((resolve) => { release = resolve; });
  const one = page([() => slow, { outcome: "saved" }]);
  one.store.drafts = { 1: { fields: GAME } };
  const outbox = sender(one);
  const first = outbox.request("save");
  assert.equal(outbox.sending(), true);
  outbox.request("submit"); // waits for the first answer
  assert.equal(one.sent.length, 1);
  release({ outcome: "saved" });
  await first;
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(one.sent.map((body) => [body.save_id, body.action]),
    [["id1", "save"], ["id2", "submit"]]);

  const two = page([]);
  two.store.drafts = { 1: { fields: GAME } };
  let refuse;
  two.post = (url, body) => {
    two.sent.push(Object.fromEntries(body));
    return new Promise((resolve) => { refuse = resolve; });
  };
  const other = sender(two);
  const asked = other.request("save");
  other.request("save");
  refuse({ outcome: "stale" }); // another device's game: the person decides
  await asked;
  assert.equal(two.sent.length, 1);
  assert.equal(two.store.outbox, null);
});

test("a page of other rows posts them with its row model", async () => {
  const model = { same: () => false, posted: (key, values) => Object.entries(values) };
  const one = page([{ outcome: "saved" }], {
    model, rows: () => ({ sheet: { fields: { "p0-total": "500", "p0-lost": "" } } }),
  });
  await sender(one).request("save");
  assert.equal(one.sent[0]["p0-total"], "500");
  assert.equal(one.sent[0]["p0-lost"], "");
});
