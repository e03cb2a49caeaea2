/* The rows of a sheet kept in round totals or in points per game
 * (templates/scoring/figures_sheet.html), as the modules that keep, send and follow a sheet's
 * rows take them (storage.js, outbox.js, follow.js: the row model, values.js) and the page's
 * script (figures_page.js) shows them.
 *
 * A row is what a save sends together: a game of a points sheet (its declarer and each party's
 * points, fields g<N>-declarer and g<N>-points<i>, keyed by N) or the whole of a totals sheet
 * (every party's total and games lost, p<i>-total and p<i>-lost, keyed "sheet": the server
 * checks and stores the round totals as a whole). A row's values are an object of field names
 * to the texts typed; the server's answer gives every field's stored figure by name
 * (FiguresScript in scoring/pages/figures.py). */

const FIGURE = /^(?:([-−–])?([0-9]{1,7})|([0-9]{1,7})[-−–])$/;

/** A typed figure as a whole number, below zero with a minus before or after its digits
 * ("-80", "−80", "80-"), as the server reads it (scoring.forms.read_figure); null when the text
 * is no such figure (an empty field too). */
export function figure(text) {
  const match = FIGURE.exec(String(text).trim());
  if (match === null) {
    return null;
  }
  if (match[3] !== undefined) {
    return -Number(match[3]);
  }
  return match[1] ? -Number(match[2]) : Number(match[2]);
}

const KINDS = {
  // the round totals: one row, an empty count of games lost is none lost
  totals: { whole: true, zero: /-lost$/, keyOf: (name) => (/^p\d+-(total|lost)$/.test(name) ? "sheet" : null) },
  // points per game: a row per game
  points: {
    whole: false,
    zero: null,
    keyOf: (name) => {
      const match = /^g(\d+)-(declarer|points\d+)$/.exec(name);
      return match ? match[1] : null;
    },
  },
};

/** Does the row hold nothing (every field empty)? */
export function blank(values) {
  return Object.keys(values || {}).every((name) => String(values[name] ?? "").trim() === "");
}

/** The row model of a sheet of ``kind`` ("totals" or "points"): besides ``same`` and
 * ``posted`` (values.js), ``whole`` (a save sends the whole row, typed or not), ``keyOf(name)``
 * (the row of a field, null for none) and ``norm(name, text)`` (a field's text as the server
 * reads it). */
export function figuresModel(kind) {
  const { whole, zero, keyOf } = KINDS[kind];
  function norm(name, text) {
    const trimmed = String(text ?? "").trim();
    if (trimmed === "" && zero && zero.test(name)) {
      return "0";
    }
    const value = figure(trimmed);
    return value === null ? trimmed : String(value);
  }
  function same(values, stored) {
    if (blank(stored)) {
      return blank(values);
    }
    if (blank(values)) {
      return false;
    }
    return Object.keys(values || {}).concat(Object.keys(stored)).every(
      (name) => norm(name, values[name]) === norm(name, stored[name]));
  }
  return { whole, keyOf, norm, same, posted: (key, values) => Object.entries(values) };
}

/** The figures ``figures`` (field name to text) of the fields ``names`` by row: {key: {name:
 * text}}, a field without a figure empty. */
export function rowsOf(names, figures, model) {
  const rows = {};
  names.forEach((name) => {
    const key = model.keyOf(name);
    if (key !== null) {
      rows[key] = rows[key] || {};
      rows[key][name] = (figures || {})[name] ?? "";
    }
  });
  return rows;
}
