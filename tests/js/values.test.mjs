// The row values as the server reads them (scoring/static/scoring/sheet/values.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { blank, norm, same } from "../../scoring/static/scoring/sheet/values.js";

test("a row with nothing in its entry fields is blank; the dealer alone makes no game", () => {
  assert.equal(blank({ bid: "", meld0: " ", dealer: "2", kind: "played" }), true);
  assert.equal(blank({ bid: "150" }), false);
  assert.equal(blank({ declarer: "0" }), false);
  assert.equal(blank(null), true);
});

test("values are read as the server stores them", () => {
  const cases = [
    ["meld0", "", "0"], ["tricks2", " ", "0"], ["bid", "", ""], ["bid", "0150", "150"],
    ["meld1", " 20 ", "20"], ["declarer", "1", "1"], ["bid", "15a", "15a"],
  ];
  for (const [name, value, expected] of cases) {
    assert.equal(norm(name, value), expected, `${name}=${JSON.stringify(value)}`);
  }
});

test("a typed row is the stored game when every field reads the same", () => {
  const stored = { declarer: "0", bid: "200", kind: "played", meld0: "0", tricks0: "250" };
  assert.equal(same({ ...stored, meld0: "", bid_ok: "1" }, stored), true);
  assert.equal(same({ ...stored, meld0: "20" }, stored), false);
  assert.equal(same({ bid: "", meld0: "" }, {}), true);
  assert.equal(same({ bid: "150" }, {}), false);
  assert.equal(same({ bid: "" }, stored), false);
});
