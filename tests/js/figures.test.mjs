// The rows of the sheets kept in round totals or in points per game (sheet/figures.js), kept,
// sent and followed by the games sheet's modules (storage.js, outbox.js, follow.js) through
// their row model.
import assert from "node:assert/strict";
import { test } from "node:test";

import { blank, figuresModel, rowsOf } from "../../scoring/static/scoring/sheet/figures.js";
import { followRow } from "../../scoring/static/scoring/sheet/follow.js";
import { draftBody, markSent, queue } from "../../scoring/static/scoring/sheet/outbox.js";
import { load, own, remember } from "../../scoring/static/scoring/sheet/storage.js";

const TOTALS = figuresModel("totals");
const POINTS = figuresModel("points");
const NAMES = ["p0-total", "p0-lost", "p1-total", "p1-lost"];
const STORED = { "p0-total": "500", "p0-lost": "0", "p1-total": "-200", "p1-lost": "1" };

function fresh() {
  return load({ getItem: () => null }, "k");
}

test("a totals sheet is one row; a points sheet has a row per game", () => {
  assert.equal(TOTALS.keyOf("p2-lost"), "sheet");
  assert.equal(TOTALS.keyOf("g1-points0"), null);
  assert.equal(POINTS.keyOf("g12-points2"), "12");
  assert.equal(POINTS.keyOf("g3-declarer"), "3");
  assert.equal(POINTS.keyOf("csrfmiddlewaretoken"), null);
  assert.equal(TOTALS.whole, true);
  assert.equal(POINTS.whole, false);
  assert.deepEqual(rowsOf(["g1-declarer", "g1-points0", "g2-points0", "version"],
    { "g1-points0": "120" }, POINTS),
  { 1: { "g1-declarer": "", "g1-points0": "120" }, 2: { "g2-points0": "" } });
  assert.deepEqual(rowsOf(NAMES, STORED, TOTALS), { sheet: STORED });
});

test("figures compare as the server reads them", () => {
  // an empty count of games lost is none lost; a minus before or after the digits
  assert.equal(TOTALS.same({ ...STORED, "p0-lost": "", "p1-total": "200-" }, STORED), true);
  assert.equal(TOTALS.same({ ...STORED, "p1-total": "−200", "p0-total": "0500" }, STORED), true);
  assert.equal(TOTALS.same({ ...STORED, "p1-lost": "2" }, STORED), false);
  assert.equal(TOTALS.same({ ...STORED, "p1-lost": "x" }, STORED), false);
  // nothing stored: only an empty form is the same
  const none = { "p0-total": "", "p0-lost": "", "p1-total": "", "p1-lost": "" };
  assert.equal(TOTALS.same(none, none), true);
  assert.equal(TOTALS.same({ ...none, "p0-lost": "0" }, none), false);
  assert.equal(TOTALS.same(none, STORED), false);
  // a game's declarer and points
  const game = { "g2-declarer": "1", "g2-points0": "-80", "g2-points1": "120" };
  assert.equal(POINTS.same({ ...game, "g2-points0": "80-", "g2-declarer": " 1 " }, game), true);
  assert.equal(POINTS.same({ ...game, "g2-declarer": "" }, game), false);
  assert.equal(POINTS.same({ "g2-declarer": "", "g2-points0": "" }, {}), true);
  assert.equal(blank({ a: " ", b: "" }), true);
  assert.equal(TOTALS.norm("p0-lost", ""), "0");
  assert.equal(POINTS.norm("g1-points0", ""), "");
});

test("a typed totals sheet is kept as one draft and posted by its field names", () => {
  const store = fresh();
  const typed = { ...STORED, "p1-total": "-300" };
  assert.equal(remember(store, "sheet", typed, STORED, TOTALS), true);
  assert.equal(remember(store, "sheet", { ...STORED, "p0-lost": "" }, STORED, TOTALS), false);
  assert.deepEqual(store.drafts, {});
  remember(store, "sheet", typed, STORED, TOTALS);
  queue(store, "save", () => "id", "4");
  markSent(store);
  assert.equal(own(store, "sheet", { ...typed, "p1-total": "300-" }, TOTALS), true);
  const body = draftBody({ save_id: "id", version: "4" }, store.drafts, TOTALS);
  assert.deepEqual(Object.fromEntries(body), { save_id: "id", version: "4", ...typed });
});

test("following the server: the figures it stored as typed end the draft, others are news", () => {
  const store = fresh();
  const typed = { "g1-declarer": "2", "g1-points0": "100" };
  remember(store, "1", typed, {}, POINTS);
  const other = { "g1-declarer": "1", "g1-points0": "300" };
  assert.equal(followRow(store, "1", typed, {}, other, POINTS), "conflict");
  assert.deepEqual(store.drafts["1"].seen, other);
  assert.equal(followRow(store, "1", typed, other, other, POINTS), "typing");
  assert.equal(followRow(store, "1", typed, other, { ...typed, "g1-points0": "0100" }, POINTS),
    "taken");
  assert.equal(store.drafts["1"], undefined);
  assert.equal(followRow(store, "2", { "g2-points0": "" }, {}, { "g2-points0": "50" }, POINTS),
    "write");
});
