/* Taking over the sheet as the server has it now (the answer to a save, or a state another
 * module hands over with the form's "sheet:state" event): every row's stored game and points,
 * the heading, the counts, the buttons and the players' confirmations. A row typed on this
 * device keeps the typing; another device's game under it is shown beside it, and the next
 * save decides. */

import { replaceConfirmations } from "./confirmations.js";
import { own } from "./storage.js";
import { GAME_ROW } from "./values.js";

/** What following does to row ``number`` of ``store``: "write" (no typing here; the page shows
 * another game: show the server's), "clear" (no typing; the page shows the server's game),
 * "taken" (the server holds what was typed: the draft is dropped), "conflict" (another device
 * saved a different game under the typing) or "typing" (the typing stays, no news). ``typed``
 * are the row's values in the page, ``before`` the game the page had as stored. */
export function followRow(store, number, typed, before, stored, model = GAME_ROW) {
  const same = model.same;
  const draft = store.drafts[number];
  if (!draft) {
    return same(typed, stored) ? "clear" : "write";
  }
  if (same(draft.fields, stored)) {
    delete store.drafts[number];
    return "taken";
  }
  const news = !same(before, stored) && !own(store, number, stored, model);
  draft.seen = stored;
  return news ? "conflict" : "typing";
}

/** Is ``data`` a sheet state as a save answers it (rows, version, status, ...)? */
export function isState(data) {
  return !!data && typeof data === "object" && data.rows && typeof data.rows === "object" &&
    Number.isInteger(data.version) && typeof data.status === "string";
}

/** Show the head of the sheet's state ``data`` on the page of ``form``: the status, the games
 * entered, the note, the hand-in button (only while the sheet is open), the organisers'
 * confirm form (offered once nothing is missing, for the version seen) and the players'
 * confirmations. */
export function showHead(form, data) {
  const badge = document.querySelector("[data-status]");
  if (badge) {
    badge.className = "status status-" + data.status;
    badge.textContent = data.status_label;
  }
  const entered = document.querySelector("[data-entered]");
  if (entered) {
    entered.textContent = data.entered;
  }
  const note = document.querySelector("[data-status-note]");
  if (note) {
    note.textContent = data.note;
    note.hidden = !data.note;
  }
  const open = data.status === "empty" || data.status === "in_progress";
  form.querySelectorAll("[data-hand-in]").forEach((button) => {
    button.hidden = !open;
  });
  document.querySelectorAll("[data-confirm]").forEach((confirm) => {
    confirm.hidden = (data.missing || []).length > 0;
    confirm.querySelector("input[name=version]").value = String(data.version);
  });
  replaceConfirmations(data.confirmations);
}
