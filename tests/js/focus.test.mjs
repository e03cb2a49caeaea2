// Where the next typing goes (tournament/static/tournament/focus.js): which fields select their
// content on focus, and that the click which focuses a field keeps the selection.
import assert from "node:assert/strict";
import { test } from "node:test";

import { selectionKeeper, selectsOnFocus } from "../../tournament/static/tournament/focus.js";

function field(tagName, type) {
  return {
    tagName,
    selected: 0,
    getAttribute: (name) => (name === "type" ? type : null),
    select() {
      this.selected += 1;
    },
  };
}

const FIELDS = [
  ["INPUT", null, true],
  ["INPUT", "text", true],
  ["INPUT", "NUMBER", true],
  ["INPUT", "search", true],
  ["INPUT", "email", true],
  ["INPUT", "checkbox", false],
  ["INPUT", "radio", false],
  ["INPUT", "hidden", false],
  ["INPUT", "submit", false],
  ["TEXTAREA", null, false],
  ["SELECT", null, false],
  ["BUTTON", "submit", false],
];

for (const [tagName, type, selects] of FIELDS) {
  test(`${tagName} ${type} ${selects ? "selects" : "does not select"} on focus`, () => {
    assert.equal(selectsOnFocus(field(tagName, type)), selects);
  });
}

function mouseup(target) {
  return { target, prevented: false, preventDefault() { this.prevented = true; } };
}

test("the click that focuses a field keeps its content selected", () => {
  const keeper = selectionKeeper();
  const name = field("INPUT", "text");
  keeper.focusin({ target: name });
  const click = mouseup(name);
  keeper.mouseup(click);
  assert.equal(name.selected, 2);
  assert.ok(click.prevented);
  // a later click in the focused field places the caret as usual
  const later = mouseup(name);
  keeper.mouseup(later);
  assert.equal(name.selected, 2);
  assert.ok(!later.prevented);
});

test("a field reached by Tab selects, and a click after leaving it is the browser's", () => {
  const keeper = selectionKeeper();
  const name = field("INPUT", "text");
  keeper.focusin({ target: name });
  assert.equal(name.selected, 1);
  keeper.focusout({ target: name });
  const click = mouseup(name);
  keeper.mouseup(click);
  assert.ok(!click.prevented);
});

test("a check box gets the focus untouched", () => {
  const keeper = selectionKeeper();
  const box = field("INPUT", "checkbox");
  keeper.focusin({ target: box });
  const click = mouseup(box);
  keeper.mouseup(click);
  assert.equal(box.selected, 0);
  assert.ok(!click.prevented);
});
