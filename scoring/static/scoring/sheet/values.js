/* Values of a game row as the server reads them. A row is a plain object of short field names
 * ("bid", "meld0", "tricks1", "declarer", ...) to the strings typed.
 *
 * A row model says what a kind of sheet's rows hold, for the modules that keep, send and follow
 * them (storage.js, outbox.js, follow.js): ``same(values, stored)``, does a row as typed hold
 * what the server stores, and ``posted(key, values)``, the row's fields as a save posts them
 * ([name, value] pairs). GAME_ROW is the game row's; the sheets of figures have their own
 * (figures.js). */

/** The fields that make a row a game when any holds something. */
export const ENTRY = /^(declarer|bid|revoked|meld\d+|tricks\d+)$/;
/** The fields the server reads as 0 when left empty. */
export const ZERO_WHEN_EMPTY = /^(meld\d+|tricks\d+)$/;

/** Call ``callback(name, value)`` for every own property of ``object`` (none when null). */
export function each(object, callback) {
  Object.keys(object || {}).forEach((name) => callback(name, object[name]));
}

/** Does the row hold no game (every entry field empty)? */
export function blank(values) {
  return !Object.keys(values || {}).some(
    (name) => ENTRY.test(name) && String(values[name] ?? "").trim() !== "");
}

/** A field's value as the server stores it: trimmed, numbers without leading zeros, an empty
 * meld or trick field as "0". */
export function norm(name, value) {
  const text = String(value ?? "").trim();
  if (text === "" && ZERO_WHEN_EMPTY.test(name)) {
    return "0";
  }
  return /^\d+$/.test(text) ? String(parseInt(text, 10)) : text;
}

/** Does a row as typed hold what the server stores ({} or null when it holds no game)? */
export function same(values, stored) {
  if (!stored || !Object.keys(stored).length) {
    return blank(values);
  }
  if (blank(values)) {
    return false;
  }
  return Object.keys(values).concat(Object.keys(stored)).every(
    (name) => name === "bid_ok" || norm(name, values[name]) === norm(name, stored[name]));
}

/** The row model of a game row (see the module): its fields are posted as ``g<N>-<name>``, an
 * unchecked "bid is right" left out. */
export const GAME_ROW = {
  same,
  posted(number, values) {
    return Object.keys(values)
      .filter((name) => name !== "bid_ok" || values[name] === "1")
      .map((name) => ["g" + number + "-" + name, values[name]]);
  },
};
