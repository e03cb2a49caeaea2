/* Games the sheet could no longer take (round closed, sheet confirmed): listed on the page as
 * not saved, and sent once so that the desk sees them. The page of a closed link
 * (#sheet-closed) does the same with what the phone still keeps. */

import { draftBody, post } from "./outbox.js";
import { keptLines, newId, reported } from "./storage.js";

/** Show the kept games in the list of ``scope``'s [data-late] box (hidden when none). */
export function lateList(late, scope) {
  const box = (scope || document).querySelector("[data-late]");
  if (!box) {
    return;
  }
  const list = box.querySelector("[data-late-list]");
  const game = box.getAttribute("data-msg-game") || "{number}";
  list.innerHTML = "";
  late.forEach((line) => {
    const item = document.createElement("li");
    item.textContent = game.replace("{number}", line[0]) + (line[1] ? ": " + line[1] : "");
    list.appendChild(item);
  });
  box.hidden = late.length === 0;
}

/** On the closed link's page: list what the phone keeps and send it once to the desk. */
export function reportFromClosedPage(box, store, save) {
  if (!Object.keys(store.drafts).length) {
    return;
  }
  lateList(keptLines(store), box);
  const unsent = Object.keys(store.drafts).some((n) => !store.drafts[n].reported);
  if (!unsent) {
    return;
  }
  const csrf = box.querySelector("input[name=csrfmiddlewaretoken]");
  const token = csrf ? csrf.value : "";
  const body = draftBody({
    csrfmiddlewaretoken: token,
    sheet: box.getAttribute("data-sheet"),
    version: box.getAttribute("data-version"),
    save_id: newId(window.crypto),
    action: "save",
  }, store.drafts);
  post(box.getAttribute("data-save-url"), body, token)
    .then((data) => {
      if (data) {
        reported(store, data);
        save();
        lateList(keptLines(store), box);
      }
    })
    .catch(() => { /* offline: listed here, sent at the next visit */ });
}
