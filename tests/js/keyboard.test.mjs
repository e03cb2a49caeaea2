// The keyboard model of a game row (scoring/static/scoring/sheet/keyboard.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CONCEDE_KEYS, Habit, complete, declarerOfKey, entryOrder, overflow, restOf,
} from "../../scoring/static/scoring/sheet/keyboard.js";

test("complete figures move on by themselves; the rest wait for more", () => {
  const cases = [
    ["bid", "15", false], ["bid", "150", true], ["bid", "100", false], ["bid", "1000", true],
    ["tricks0", "0", true], ["tricks0", "2", false], ["tricks0", "25", false],
    ["tricks0", "26", true], ["tricks0", "70", true], ["tricks0", "130", true],
    ["meld0", "0", true], ["meld0", "20", false], ["meld0", "100", false],
    ["meld0", "x", false], ["declarer", "1", false],
  ];
  for (const [name, value, expected] of cases) {
    assert.equal(complete(name, value, 250), expected, `${name}=${value}`);
  }
});

test("a digit no meld ends in begins the next field", () => {
  const cases = [
    ["meld0", "801", ["80", "1"]], ["meld2", "1005", ["100", "5"]], ["meld0", "800", null],
    ["meld0", "85", null], ["meld0", "05", null], ["meld0", "8", null], ["tricks0", "801", null],
    ["meld1", "155", null], ["meld1", "1505", ["150", "5"]],
  ];
  for (const [name, value, expected] of cases) {
    assert.deepEqual(overflow(name, value), expected, `${name}=${value}`);
  }
});

test("the order of a row is the sheet's; a conceded game has no trick points", () => {
  const names = ["bid", "meld0", "tricks0", "meld1", "tricks1"];
  assert.deepEqual(entryOrder(names, false), names);
  assert.deepEqual(entryOrder(names, true), ["bid", "meld0", "meld1"]);
});

test("the rest is offered for the one empty trick field at a table of three", () => {
  assert.deepEqual(restOf(["130", "70", ""], 250, 3), { index: 2, rest: 50 });
  assert.deepEqual(restOf(["", "70", "100"], 250, 3), { index: 0, rest: 80 });
  assert.equal(restOf(["130", "", ""], 250, 3), null);
  assert.equal(restOf(["200", "70", ""], 250, 3), null);
  assert.equal(restOf(["1x", "70", ""], 250, 3), null);
  assert.equal(restOf(["130", ""], 250, 2), null);
});

test("desk keys: digits pick the declarer by seat, a or - concede", () => {
  assert.equal(declarerOfKey("1", 3), "0");
  assert.equal(declarerOfKey("3", 3), "2");
  assert.equal(declarerOfKey("4", 3), null);
  assert.equal(declarerOfKey("0", 3), null);
  assert.equal(declarerOfKey("a", 3), null);
  assert.ok(CONCEDE_KEYS.includes("a") && CONCEDE_KEYS.includes("-"));
});

test("after a move by itself one Tab or Enter in the new field is absorbed", () => {
  const habit = new Habit();
  const bid = {};
  const meld = {};
  assert.equal(habit.absorbs(bid, "Tab", false), false);
  habit.moved(meld);
  assert.equal(habit.absorbs(bid, "Enter", false), false); // another field
  assert.equal(habit.absorbs(meld, "Tab", true), false); // Shift+Tab goes back
  assert.equal(habit.absorbs(meld, "Tab", false), true);
  assert.equal(habit.absorbs(meld, "Enter", false), false); // once only
  habit.moved(meld);
  assert.equal(habit.absorbs(meld, "Enter", false), true);
  habit.moved(meld);
  habit.forget(); // typed in it
  assert.equal(habit.absorbs(meld, "Tab", false), false);
});
