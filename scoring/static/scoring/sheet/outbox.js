/* The save queue: one save at a time, sent again with the same id until an answer comes (the
 * server answers a save it already stored as stored), the drafts of the device as its rows
 * (game rows unless a row model is given, values.js). */

import { GAME_ROW, each } from "./values.js";

export const RETRY = 10000;

/** The body of a save: the fixed ``fields`` (csrf token, sheet, version, save_id, action) and
 * every draft's fields as ``model`` posts them (a game row's as ``g<N>-<name>``). */
export function draftBody(fields, drafts, model = GAME_ROW) {
  const body = new URLSearchParams();
  each(fields, (name, value) => body.append(name, value));
  each(drafts, (number, draft) => {
    model.posted(number, draft.fields).forEach(([name, value]) => body.append(name, value));
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

/** Whether the device says it has a network: false only when it knows it has none
 * (``navigator.onLine`` is false; its true promises nothing). */
export function online() {
  return typeof navigator === "undefined" || navigator.onLine !== false;
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

/** The sending of a sheet page's saves, one at a time. ``page`` gives what is the page's:
 * ``store`` and ``keep()`` (store it on the device), ``url``, ``token()`` (the CSRF token),
 * ``sheet`` (its id), ``version()`` (the version the page shows), ``rows()`` (the rows a save
 * sends, as drafts; the drafts unless given), ``model`` (the row model; game rows unless
 * given), ``remember()`` (take what is typed now into the drafts), ``answered(data, action)``
 * (take in the app's answer), ``shown()`` (show the connection line), ``makeId()`` (a save
 * id) and, for tests, ``post``, ``online()`` and ``retry`` (ms).
 *
 * A save asked for (``request``) goes into the outbox with a fresh id and the version the page
 * shows (``queue``) and is sent, unless the device knows it has no network: then it waits
 * for ``send()`` (the page calls it when the connection is back). Without the app's answer (no connection, another answer) it
 * goes again with the same id after ``retry`` ms, or at once with ``send()`` (the connection
 * back). After the answer the outbox is dropped. A save asked for while one is on its way waits
 * for its answer: after a save it goes if a hand-in was asked for or rows were typed meanwhile;
 * after a refusal (another device's row, a closed sheet) nothing goes by itself, the person
 * decides on what the page now shows. */
export function sender(page) {
  const store = page.store;
  const send = page.post || post;
  const model = page.model || GAME_ROW;
  const connected = page.online || online;
  let sending = false;
  let again = null;
  let timer = null;

  function retryLater() {
    clearTimeout(timer);
    timer = setTimeout(go, page.retry || RETRY);
  }

  /* No answer of the app: the save waits and goes again. */
  function lost() {
    sending = false;
    page.shown();
    retryLater();
  }

  function go() {
    if (sending || !store.outbox) {
      page.shown();
      return Promise.resolve();
    }
    clearTimeout(timer);
    if (!connected()) { // nothing to send it over: it waits for the connection
      page.keep();
      page.shown();
      return Promise.resolve();
    }
    const outbox = markSent(store);
    sending = true;
    page.keep();
    page.shown();
    const body = draftBody({
      csrfmiddlewaretoken: page.token(),
      sheet: page.sheet,
      version: outbox.version === undefined ? page.version() : outbox.version,
      save_id: outbox.id,
      action: outbox.action,
    }, page.rows ? page.rows() : store.drafts, model);
    return send(page.url, body, page.token())
      .then((data) => {
        sending = false;
        if (!data || !data.outcome) {
          lost();
          return;
        }
        page.answered(data, outbox.action);
        store.outbox = null;
        page.keep();
        const asked = again;
        again = null;
        if (asked && data.outcome === "saved") {
          page.remember();
          if (asked === "submit" || Object.keys(store.drafts).length > 0) {
            request(asked);
          }
        }
        page.shown();
      })
      .catch(lost);
  }

  function request(action) {
    if (sending) {
      again = again === "submit" ? again : action;
      return Promise.resolve();
    }
    again = null;
    page.remember();
    queue(store, action, page.makeId, page.version());
    page.keep();
    return go();
  }

  return { request, send: go, sending: () => sending };
}
