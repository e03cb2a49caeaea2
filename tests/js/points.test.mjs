// The keys and the Summe row of a sheet kept in points per game
// (scoring/static/scoring/points.js): a figure is read as the server reads it (a minus before
// or after the digits), the sums leave out what is no figure, Enter walks the rows and saves
// in the last field.
import assert from "node:assert/strict";
import { test } from "node:test";

import { partySums, showSums, signed } from "../../scoring/static/scoring/points.js";
import { figure } from "../../scoring/static/scoring/sheet/figures.js";
import { enterMovesOn } from "../../scoring/static/scoring/totals.js";

function input(name, value = "") {
  return { name, value, focused: 0, focus() { this.focused += 1; } };
}

function pointsForm(games, parties, values = {}) {
  const fields = [];
  for (let number = 1; number <= games; number += 1) {
    fields.push(input(`g${number}-declarer`, values[`g${number}-declarer`] ?? ""));
    for (let index = 0; index < parties; index += 1) {
      const name = `g${number}-points${index}`;
      fields.push(input(name, values[name] ?? ""));
    }
  }
  const cells = Array.from({ length: parties }, () => ({ textContent: "" }));
  const saveButton = { name: "action" };
  const form = {
    submitted: [],
    requestSubmit(submitter) { this.submitted.push(submitter); },
    querySelectorAll: (selector) => ({
      "[data-points-field]": fields, "[data-points-sum]": cells,
    })[selector] ?? [],
    querySelector: (selector) => (selector === "[data-points-save]" ? saveButton : null),
  };
  return { cells, fields, form, saveButton };
}

test("a figure is read with its minus before or after the digits", () => {
  assert.equal(figure("120"), 120);
  assert.equal(figure(" -80 "), -80);
  assert.equal(figure("−80"), -80);
  assert.equal(figure("80-"), -80);
  assert.equal(figure("–300"), -300);
  for (const text of ["", "-", "-80-", "8O", "1e3", "12.5", "+80"]) {
    assert.equal(figure(text), null, text);
  }
});

test("the sums add each party's figures and leave out the rest", () => {
  const { fields } = pointsForm(3, 3, {
    "g1-declarer": "2", "g1-points0": "120", "g1-points1": "300-", "g1-points2": "80",
    "g2-points0": "250", "g2-points1": "x", "g2-points2": "-60",
  });
  assert.deepEqual(partySums(fields, 3), [370, -300, 20]);
  assert.equal(signed(-300), "−300");
  assert.equal(signed(0), "0");
});

test("showSums writes the Summe row", () => {
  const { cells, form } = pointsForm(2, 2, { "g1-points0": "100", "g2-points0": "-40" });
  showSums(form);
  assert.deepEqual(cells.map((cell) => cell.textContent), ["60", "0"]);
});

test("Enter walks a game's fields into the next game and saves in the last one", () => {
  const { fields, form, saveButton } = pointsForm(2, 3);
  const handler = enterMovesOn(form, "[data-points-field]", "[data-points-save]");
  for (const current of fields.slice(0, -1)) {
    const key = { key: "Enter", target: current, prevented: 0,
                  preventDefault() { this.prevented += 1; } };
    handler(key);
    assert.equal(key.prevented, 1);
  }
  // from g1-points2 (the first game's last figure) to g2-declarer
  assert.deepEqual(fields.map((f) => f.focused), [0, 1, 1, 1, 1, 1, 1, 1]);
  assert.deepEqual(form.submitted, []);
  handler({ key: "Enter", target: fields.at(-1), preventDefault() {} });
  assert.deepEqual(form.submitted, [saveButton]);
});
