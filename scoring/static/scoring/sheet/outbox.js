/* The save queue: one save at a time, sent again with the same id until an answer comes (the
 * server answers a save it already stored as stored), the drafts of the device as its rows. */

import { each } from "./values.js";

/** The body of a save: the fixed ``fields`` (csrf token, sheet, version, save_id, action) and
 * every draft's fields as ``g<N>-<name>`` (an unchecked "bid is right" left out). */
export function draftBody(fields, drafts) {
  const body = new URLSearchParams();
  each(fields, (name, value) => body.append(name, value));
  each(drafts, (number, draft) => {
    each(draft.fields, (name, value) => {
      if (name !== "bid_ok" || value === "1") {
        body.append("g" + number + "-" + name, value);
      }
    });
  });
  return body;
}

/** Queue a save (``action`` "save" or "submit"): a new outbox with a fresh id, or the waiting
 * one (a hand-in asked for on the way wins over a save). The outbox keeps ``version``, the
 * sheet's version the page showed when the save was asked for: the save is judged against it
 * however long it waits, so a game another device saved meanwhile is refused and shown, not
 * replaced, even after the page has followed that device's save. */
export function queue(store, action, makeId, version) {
  if (!store.outbox) {
    store.outbox = { id: makeId(), action, version };
  } else if (action === "submit") {
    store.outbox.action = action;
  }
  return store.outbox;
}

/** Note on the outbox what is about to be sent, so that an answer lost on the way is later
 * recognised as this device's own save. */
export function markSent(store) {
  const outbox = store.outbox;
  outbox.sent = outbox.sent || {};
  each(store.drafts, (number, draft) => {
    outbox.sent[number] = (outbox.sent[number] || []).concat([draft.fields]);
  });
  return outbox;
}

/** Drop a waiting outbox that has nothing left to send (a hand-in is kept: it changes the
 * sheet's state even without rows). */
export function settle(store) {
  if (store.outbox && !Object.keys(store.drafts).length && store.outbox.action !== "submit") {
    store.outbox = null;
  }
}

/** POST a form body; the JSON answer, or null for any other answer. */
export function post(url, body, token) {
  return fetch(url, {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { "X-CSRFToken": token, "Accept": "application/json" },
  }).then((response) => response.json().catch(() => null));
}
