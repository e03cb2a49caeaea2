// Following the server (scoring/static/scoring/sheet/changes.js): when to ask, what is new,
// what the notice says.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DEFAULT_SECONDS, checkSeconds, dismiss, merge, moved, noticeKind, noticeText, shouldCheck,
} from "../../scoring/static/scoring/sheet/changes.js";

const MESSAGES = {
  changed: "Spiel {game} wurde von {by} geändert: vorher {before}, jetzt {after}",
  deleted: "Spiel {game} wurde von {by} gelöscht: vorher {before}",
  added: "Spiel {game} wurde von {by} eingetragen: {after}",
};

function change(id, game, before, after, by = "einem anderen Gerät") {
  return { id, game, before, after, by, version: id };
}

test("the interval comes from the page, half a minute when it says nothing usable", () => {
  for (const [text, seconds] of [["1", 1], ["0.5", 0.5], ["30", 30], ["", DEFAULT_SECONDS],
    [null, DEFAULT_SECONDS], ["0", DEFAULT_SECONDS], ["-3", DEFAULT_SECONDS],
    ["abc", DEFAULT_SECONDS]]) {
    assert.equal(checkSeconds(text), seconds, String(text));
  }
});

test("the page asks only while visible, online, not asking already and not stopped", () => {
  const ready = { hidden: false, online: true, busy: false, stopped: false };
  assert.equal(shouldCheck(ready), true);
  for (const name of ["hidden", "busy", "stopped"]) {
    assert.equal(shouldCheck({ ...ready, [name]: true }), false, name);
  }
  assert.equal(shouldCheck({ ...ready, online: false }), false);
});

test("a newer version, other confirmations or a link that stopped mean the page is behind", () => {
  const page = { version: 4, confirmed: 3, open: true };
  const table = [
    [{ version: 4, confirmed: 3, open: true }, false],
    [{ version: 5, confirmed: 3, open: true }, true],
    [{ version: 3, confirmed: 3, open: true }, false], // a save answered newer meanwhile
    [{ version: 4, confirmed: 0, open: true }, true],
    [{ version: 4, confirmed: 3, open: false }, true],
  ];
  for (const [check, behind] of table) {
    assert.equal(moved(check, page), behind, JSON.stringify(check));
  }
  assert.equal(moved({ version: 4, confirmed: 3, open: false }, { ...page, open: false }), false);
});

test("the notice says which game, by whom, from what to what", () => {
  const notice = { game: 7, by: "der Turnierleitung (Eva)", before: "Reizwert 200",
    after: "Reizwert 250" };
  assert.equal(noticeKind(notice), "changed");
  assert.equal(noticeText(notice, MESSAGES),
    "Spiel 7 wurde von der Turnierleitung (Eva) geändert: vorher Reizwert 200, jetzt Reizwert 250");
  const deleted = { ...notice, after: "" };
  assert.equal(noticeKind(deleted), "deleted");
  assert.equal(noticeText(deleted, MESSAGES),
    "Spiel 7 wurde von der Turnierleitung (Eva) gelöscht: vorher Reizwert 200");
  const added = { ...notice, before: "" };
  assert.equal(noticeKind(added), "added");
  assert.equal(noticeText(added, MESSAGES),
    "Spiel 7 wurde von der Turnierleitung (Eva) eingetragen: Reizwert 250");
  assert.equal(noticeText({ game: 2, by: "x", before: "$1 {after}", after: "b" }, MESSAGES),
    "Spiel 2 wurde von x geändert: vorher $1 {after}, jetzt b"); // no second replacement
});

test("one notice per game: from what the page showed to what is now, by the last", () => {
  let state = merge({}, [change(1, 3, "A", "B")]);
  assert.deepEqual(Object.keys(state.notices), ["3"]);
  state = merge(state, [change(4, 3, "B", "C", "der Turnierleitung (Eva)"), change(2, 5, "X", "")]);
  assert.deepEqual(state.notices["3"],
    { game: 3, before: "A", after: "C", by: "der Turnierleitung (Eva)" });
  assert.deepEqual(state.notices["5"], { game: 5, before: "X", after: "", by: "einem anderen Gerät" });
  assert.deepEqual(state.seen, [1, 2, 4]);
});

test("a change seen already is news no more, even after its notice was dismissed", () => {
  const first = merge({}, [change(1, 3, "A", "B")]);
  const again = merge(first, [change(1, 3, "A", "B")]);
  assert.deepEqual(again, first);
  const dismissed = dismiss(first, 3);
  assert.deepEqual(dismissed.notices, {});
  assert.deepEqual(merge(dismissed, [change(1, 3, "A", "B")]).notices, {});
  assert.deepEqual(Object.keys(merge(dismissed, [change(2, 3, "B", "C")]).notices), ["3"]);
  assert.deepEqual(first.notices["3"].after, "B"); // merge and dismiss leave their input alone
});

test("a game changed back to what the page showed has no notice", () => {
  const state = merge({}, [change(1, 3, "A", "B"), change(2, 3, "B", "A")]);
  assert.deepEqual(state.notices, {});
});

test("the ids kept are bounded", () => {
  const many = Array.from({ length: 250 }, (_, i) => change(i + 1, (i % 12) + 1, "A", "B" + i));
  const state = merge({}, many);
  assert.equal(state.seen.length, 200);
  assert.equal(state.seen[199], 250);
});
