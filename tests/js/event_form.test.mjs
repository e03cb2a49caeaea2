// The new-event form's games per round follow the picked house rules unless typed by hand
// (tournament/static/tournament/event_form.js). Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { afterPick } from "../../tournament/static/tournament/event_form.js";

const gamesByPreset = { ejl: 12, "aks-heroldstatt": 15, "bsv-ennahofen": 12 };

const cases = [
  // [what, before, picked, after]
  ["a preset's number follows the next preset", { value: "12", filledFrom: "ejl" },
    "aks-heroldstatt", { value: "15", filledFrom: "aks-heroldstatt" }],
  ["and back", { value: "15", filledFrom: "aks-heroldstatt" }, "ejl",
    { value: "12", filledFrom: "ejl" }],
  ["a typed number stays", { value: "10", filledFrom: "" }, "aks-heroldstatt",
    { value: "10", filledFrom: "" }],
  ["a typed number equal to another preset's stays", { value: "12", filledFrom: "" },
    "aks-heroldstatt", { value: "12", filledFrom: "" }],
  ["an emptied field is filled", { value: " ", filledFrom: "" }, "aks-heroldstatt",
    { value: "15", filledFrom: "aks-heroldstatt" }],
  ["an unknown preset changes nothing", { value: "12", filledFrom: "ejl" }, "other",
    { value: "12", filledFrom: "ejl" }],
];

for (const [what, before, picked, after] of cases) {
  test(what, () => {
    assert.deepEqual(afterPick({ ...before, picked, gamesByPreset }), after);
  });
}
