/* The keyboard model of a game row, the same on the phone and at the desk.
 *
 * A row is typed in the printed sheet's order: the declarer, the bid, then per party its meld
 * and its trick points (no trick points in a conceded game). The page moves on by itself after
 * a complete figure: a bid of three digits from 150 (or four), trick points of "0", three digits
 * or two over a tenth of the total, a meld of "0"; and a meld digit that no meld can end in (all
 * melds are multiples of 10) begins the next field: "80" then "1" is meld 80 and trick points
 * "1…". A Tab, Enter or the keyboard's "next" right after such a move, in the field it moved
 * to, is absorbed, so a person who presses one after every figure ends in the same box as one
 * who never does. Shift+Tab goes back as usual.
 *
 * The pure rules are exported for the unit tests; ``attach`` wires them to a form. */

/** Is ``value`` a complete figure for the field ``name`` (short name: "bid", "meld0", ...)? */
export function complete(name, value, total) {
  const text = String(value ?? "").trim();
  if (!/^\d+$/.test(text)) {
    return false;
  }
  if (name === "bid") {
    return (text.length === 3 && parseInt(text, 10) >= 150) || text.length === 4;
  }
  if (/^tricks\d+$/.test(name)) {
    return text === "0" || text.length === 3 || parseInt(text, 10) * 10 > total;
  }
  if (/^meld\d+$/.test(name)) {
    return text === "0";
  }
  return false;
}

/** A meld typed one digit too far: [the meld, the digit that begins the next field], or null.
 * Melds are multiples of 10, so a last digit other than 0 after a meld cannot be its own. */
export function overflow(name, value) {
  const text = String(value ?? "").trim();
  if (!/^meld\d+$/.test(name) || !/^\d{3,}$/.test(text) || text.endsWith("0")) {
    return null;
  }
  const meld = text.slice(0, -1);
  if (parseInt(meld, 10) % 10 || parseInt(meld, 10) === 0 || meld.startsWith("0")) {
    return null;
  }
  return [meld, text.slice(-1)];
}

/** The short names of a row's typed fields in the order they are entered. */
export function entryOrder(names, conceded) {
  return names.filter((name) => !(conceded && /^tricks\d+$/.test(name)));
}

/** The rest of the trick points for the one trick field left empty: {index, rest}, or null
 * when no such offer fits (fewer than three parties, other than one field empty, a figure that
 * is no number, a sum over the total). ``values`` are the trick fields' texts in order. */
export function restOf(values, total, parties) {
  if (parties < 3) {
    return null;
  }
  let sum = 0;
  const empty = [];
  for (let index = 0; index < values.length; index += 1) {
    const text = String(values[index] ?? "").trim();
    if (text === "") {
      empty.push(index);
    } else if (/^\d+$/.test(text)) {
      sum += parseInt(text, 10);
    } else {
      return null;
    }
  }
  if (empty.length !== 1 || sum > total) {
    return null;
  }
  return { index: empty[0], rest: total - sum };
}

/** The declarer a digit key picks at the desk: "1" the first party, ... (null: no party). */
export function declarerOfKey(key, parties) {
  if (!/^[1-9]$/.test(key)) {
    return null;
  }
  const index = parseInt(key, 10) - 1;
  return index < parties ? String(index) : null;
}

/** The keys that mark a game as conceded at the desk. */
export const CONCEDE_KEYS = ["a", "A", "-"];

/** What a key does in a field the page has just moved to by itself: Tab (forward), Enter and
 * the keyboard's "next" are absorbed there until anything is typed in it. */
export class Habit {
  constructor() {
    this.fresh = null;
  }

  /** The page moved on by itself into ``field``. */
  moved(field) {
    this.fresh = field;
  }

  /** Something was typed, or the focus went elsewhere: the next key counts again. */
  forget() {
    this.fresh = null;
  }

  /** Should ``key`` (with ``shift``) pressed in ``field`` be absorbed? Each absorbs once. */
  absorbs(field, key, shift) {
    if (this.fresh === null || this.fresh !== field) {
      return false;
    }
    if ((key === "Tab" && !shift) || key === "Enter") {
      this.fresh = null;
      return true;
    }
    return false;
  }
}

/** Select a field's text whenever it gets the focus, by key, tap or click, so that typing
 * replaces what it shows: also a tap on the left of a right-aligned "0", which would otherwise
 * put the cursor before the 0. A second tap in a focused field places the cursor as usual. */
export function selectOnFocus(root) {
  let justFocused = null;
  const textual = (element) => element && element.tagName === "INPUT" &&
    (element.type === "text" || element.type === "number" || element.type === "tel");
  root.addEventListener("focusin", (event) => {
    if (textual(event.target)) {
      justFocused = event.target;
      event.target.select();
    }
  });
  root.addEventListener("focusout", () => { justFocused = null; });
  const keep = (event) => {
    if (justFocused && event.target === justFocused) {
      event.preventDefault();
      justFocused.select();
      if (event.type === "click") {
        justFocused = null;
      }
    }
  };
  root.addEventListener("mouseup", keep);
  root.addEventListener("pointerup", (event) => {
    if (justFocused && event.target === justFocused) {
      justFocused.select();
    }
  });
  root.addEventListener("click", keep);
  root.addEventListener("input", () => { justFocused = null; });
}
