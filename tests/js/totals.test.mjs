// The keys of a round totals sheet (scoring/static/scoring/totals.js): Enter moves to the next
// figure, in the last one it saves; other keys and fields are left alone.
import assert from "node:assert/strict";
import { test } from "node:test";

import { enterMovesOn, nextField, onEnter } from "../../scoring/static/scoring/totals.js";

function field(name) {
  return { name, focused: 0, focus() { this.focused += 1; } };
}

function totalsForm(parties) {
  const fields = [];
  for (let index = 0; index < parties; index += 1) {
    fields.push(field(`p${index}-total`), field(`p${index}-lost`));
  }
  const saveButton = { name: "action" };
  const form = {
    submitted: [],
    requestSubmit(submitter) { this.submitted.push(submitter); },
    querySelectorAll: (selector) => (selector === "[data-totals-field]" ? fields : []),
    querySelector: (selector) => (selector === "[data-totals-save]" ? saveButton : null),
  };
  return { fields, form, saveButton };
}

function enter(target, extra = {}) {
  return {
    key: "Enter", target, prevented: 0, ...extra,
    preventDefault() { this.prevented += 1; },
  };
}

test("the next field goes total, lost, the next party's total", () => {
  const { fields } = totalsForm(3);
  assert.equal(nextField(fields, fields[0]).name, "p0-lost");
  assert.equal(nextField(fields, fields[1]).name, "p1-total");
  assert.equal(nextField(fields, fields[5]), null);
  assert.equal(nextField(fields, field("other")), null);
});

test("Enter moves to the next figure and does not save", () => {
  const { fields, form } = totalsForm(2);
  assert.equal(onEnter(fields, fields[1], form, null), "next");
  assert.equal(fields[2].focused, 1);
  assert.deepEqual(form.submitted, []);
});

test("Enter in the last figure saves with the Save button", () => {
  const { fields, form, saveButton } = totalsForm(2);
  const handler = enterMovesOn(form);
  const key = enter(fields[3]);
  handler(key);
  assert.deepEqual(form.submitted, [saveButton]);
  assert.equal(key.prevented, 1);
});

test("the handler walks a three-party sheet with Enter alone", () => {
  const { fields, form } = totalsForm(3);
  const handler = enterMovesOn(form);
  for (const current of fields.slice(0, -1)) {
    const key = enter(current);
    handler(key);
    assert.equal(key.prevented, 1);
  }
  assert.deepEqual(fields.map((f) => f.focused), [0, 1, 1, 1, 1, 1]);
  assert.equal(form.submitted.length, 0);
});

test("other keys, modified Enter and fields outside the figures are left alone", () => {
  const { fields, form } = totalsForm(1);
  const handler = enterMovesOn(form);
  for (const key of [
    { ...enter(fields[0]), key: "Tab" },
    enter(fields[0], { shiftKey: true }),
    enter(fields[0], { isComposing: true }),
    enter(field("note")),
  ]) {
    handler(key);
    assert.equal(key.prevented, 0);
  }
  assert.equal(fields[1].focused, 0);
  assert.deepEqual(form.submitted, []);
});
