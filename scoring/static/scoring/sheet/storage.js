/* The typed rows of one sheet page kept on the device (localStorage), so that a reload, Back,
 * a locked phone or a closed tab bring them back until the server has them.
 *
 * The kept object: {drafts: {n: {fields, seen, late, reported}}, outbox: {id, action, version,
 * sent} or null, server: {version, rows}}. ``seen`` is the server's row the typing was begun
 * over. A row is a game row unless a row model is given (values.js: GAME_ROW). */

import { GAME_ROW, each } from "./values.js";

/** The storage key of the page at ``pathname``; ``kind`` tells the rows of a sheet of figures
 * (figures.js) from a sheet's games, should the page's kind of sheet change. */
export function storageKey(pathname, kind = "sheet") {
  return "binokel-" + kind + ":" + pathname;
}

/** The kept object of ``key`` in ``storage`` (a fresh one when nothing or garbage is kept). */
export function load(storage, key) {
  let data = null;
  try {
    data = JSON.parse(storage.getItem(key) || "null");
  } catch (error) {
    data = null;
  }
  data = data && typeof data === "object" ? data : {};
  data.drafts = data.drafts || {};
  data.server = data.server || { version: -1, rows: {} };
  data.outbox = data.outbox || null;
  return data;
}

/** Keep ``store``; a full or blocked storage is no error (the form still holds the values). */
export function persist(storage, key, store) {
  try {
    storage.setItem(key, JSON.stringify(store));
    return true;
  } catch (error) {
    return false;
  }
}

/** A random save id: 24 hex digits from ``crypto``'s getRandomValues. */
export function newId(crypto) {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join("");
}

/** The kept games as (number, description) lines, by number. */
export function keptLines(store) {
  return Object.keys(store.drafts).sort((a, b) => a - b)
    .map((number) => [number, store.drafts[number].late || ""]);
}

/** Did this device send the row ``stored`` of row ``number`` (a save whose answer it may not
 * have seen)? */
export function own(store, number, stored, model = GAME_ROW) {
  const sent = ((store.outbox || {}).sent || {})[number] || [];
  return sent.some((values) => model.same(values, stored));
}

/** Take in the answer to drafts the sheet could no longer take: the rows the server holds are
 * no drafts any more, the others are marked as reported with the server's description. */
export function reported(store, data, model = GAME_ROW) {
  const late = {};
  (data.late || []).forEach((line) => { late[line[0]] = line[1]; });
  each(store.drafts, (number, draft) => {
    const row = (data.rows || {})[number];
    if (row && model.same(draft.fields, row.stored)) {
      delete store.drafts[number];
    } else {
      draft.late = late[number] || draft.late || "";
      draft.reported = true;
    }
  });
}

/** Remember the row ``number`` as typed (``values``) over the server's ``stored``: a draft when
 * they differ, none when they are the same. True when a draft is kept. */
export function remember(store, number, values, stored, model = GAME_ROW) {
  if (model.same(values, stored)) {
    delete store.drafts[number];
    return false;
  }
  const old = store.drafts[number];
  store.drafts[number] = { fields: values, seen: old ? old.seen : stored };
  return true;
}
