// The typed games kept on the device and the save queue (storage.js, outbox.js, follow.js).
import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import { test } from "node:test";

import { followRow, isState } from "../../scoring/static/scoring/sheet/follow.js";
import { draftBody, markSent, queue, settle } from "../../scoring/static/scoring/sheet/outbox.js";
import {
  keptLines, load, newId, own, persist, remember, reported, storageKey,
} from "../../scoring/static/scoring/sheet/storage.js";

class FakeStorage {
  constructor(items = {}) { this.items = { ...items }; this.full = false; }
  getItem(key) { return key in this.items ? this.items[key] : null; }
  setItem(key, value) {
    if (this.full) { throw new Error("QuotaExceededError"); }
    this.items[key] = String(value);
  }
}

const GAME = { declarer: "0", bid: "200", kind: "played", meld0: "80", tricks0: "130" };

test("a page's kept games survive a reload; garbage or nothing gives a fresh store", () => {
  const storage = new FakeStorage({ [storageKey("/zettel/x/")]: "{not json" });
  const key = storageKey("/zettel/x/");
  const fresh = load(storage, key);
  assert.deepEqual(fresh, { drafts: {}, server: { version: -1, rows: {} }, outbox: null });
  remember(fresh, "3", GAME, {});
  assert.equal(persist(storage, key, fresh), true);
  assert.deepEqual(load(storage, key).drafts["3"].fields, GAME);
  storage.full = true;
  assert.equal(persist(storage, key, fresh), false); // no error: the form keeps the values
});

test("a row typed back to the stored game is no draft; the first seen game is kept", () => {
  const store = load(new FakeStorage(), "k");
  assert.equal(remember(store, "1", { ...GAME, bid: "210" }, GAME), true);
  assert.equal(remember(store, "1", { ...GAME, bid: "220" }, { ...GAME, bid: "999" }), true);
  assert.deepEqual(store.drafts["1"].seen, GAME);
  assert.equal(remember(store, "1", { ...GAME, meld1: "" }, GAME), false);
  assert.deepEqual(store.drafts, {});
});

test("a save goes again with the same id; a hand-in asked for on the way wins", () => {
  const store = load(new FakeStorage(), "k");
  let ids = 0;
  const makeId = () => `id${++ids}`;
  remember(store, "2", GAME, {});
  assert.equal(queue(store, "save", makeId).id, "id1");
  assert.equal(queue(store, "submit", makeId).id, "id1");
  assert.equal(store.outbox.action, "submit");
  markSent(store);
  markSent(store);
  assert.equal(store.outbox.sent["2"].length, 2);
  assert.equal(own(store, "2", { ...GAME, meld1: "0" }), true);
  assert.equal(own(store, "2", { ...GAME, bid: "150" }), false);
  const body = draftBody({ save_id: "id1" }, { 2: { fields: { ...GAME, bid_ok: "" } } });
  assert.equal(body.get("save_id"), "id1");
  assert.equal(body.get("g2-bid"), "200");
  assert.equal(body.has("g2-bid_ok"), false);
});

test("a waiting save keeps the version it was asked for on", () => {
  const store = load(new FakeStorage(), "k");
  remember(store, "1", GAME, {});
  assert.equal(queue(store, "save", () => "a", "4").version, "4");
  // the page follows another device's save (version 5) while the save waits: it stays on 4
  assert.equal(queue(store, "save", () => "b", "5").version, "4");
  assert.equal(queue(store, "submit", () => "c", "5").version, "4");
  assert.equal(store.outbox.id, "a");
});

test("an outbox without drafts is dropped unless it hands the sheet in", () => {
  const store = load(new FakeStorage(), "k");
  queue(store, "save", () => "a");
  settle(store);
  assert.equal(store.outbox, null);
  queue(store, "submit", () => "b");
  settle(store);
  assert.equal(store.outbox.id, "b");
});

test("save ids are 24 hex digits and differ", () => {
  const one = newId(webcrypto);
  assert.match(one, /^[0-9a-f]{24}$/);
  assert.notEqual(one, newId(webcrypto));
});

test("games the closed sheet could not take stay as reported; the ones it holds go", () => {
  const store = load(new FakeStorage(), "k");
  remember(store, "4", GAME, {});
  remember(store, "5", { ...GAME, bid: "300" }, {});
  reported(store, { rows: { 4: { stored: GAME } }, late: [["5", "Spieler 1 300"]] });
  assert.deepEqual(Object.keys(store.drafts), ["5"]);
  assert.equal(store.drafts["5"].reported, true);
  assert.deepEqual(keptLines(store), [["5", "Spieler 1 300"]]);
});

test("following the server: typing stays, another device's game is news once", () => {
  const store = load(new FakeStorage(), "k");
  assert.equal(followRow(store, "1", { bid: "" }, {}, {}), "clear");
  assert.equal(followRow(store, "1", { bid: "" }, {}, GAME), "write");
  remember(store, "1", { ...GAME, bid: "250" }, {});
  assert.equal(followRow(store, "1", { ...GAME, bid: "250" }, {}, GAME), "conflict");
  assert.deepEqual(store.drafts["1"].seen, GAME);
  assert.equal(followRow(store, "1", { ...GAME, bid: "250" }, GAME, GAME), "typing");
  assert.equal(followRow(store, "1", {}, GAME, { ...GAME, bid: "250" }), "taken");
  assert.equal(store.drafts["1"], undefined);
  // the device's own save whose answer was lost is no news
  remember(store, "2", { ...GAME, bid: "260" }, {});
  queue(store, "save", () => "x");
  store.outbox.sent = { 2: [{ ...GAME, bid: "170" }] };
  assert.equal(followRow(store, "2", {}, {}, { ...GAME, bid: "170" }), "typing");
});

test("a sheet state is told from other answers", () => {
  assert.equal(isState({ rows: {}, version: 3, status: "in_progress" }), true);
  assert.equal(isState({ rows: {}, version: "3", status: "x" }), false);
  assert.equal(isState(null), false);
});
