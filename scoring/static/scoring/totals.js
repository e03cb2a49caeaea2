/* The keys of a sheet kept in round totals (templates/scoring/totals_sheet.html): Enter in a
 * figure moves to the next one (a party's total, its games lost, the next party's total), and
 * Enter in the last figure saves the form with its "Save" button (sent in the background by
 * sheet/figures_page.js). Tab moves on by itself; the form's fields select their content on
 * focus (tournament/focus.js). Without this module Enter saves the form at once, as a browser
 * does.
 */

/** The field after ``current`` among ``fields`` (in the order they are typed), or null when
 * ``current`` is the last one (or none of them). */
export function nextField(fields, current) {
  const index = fields.indexOf(current);
  if (index < 0 || index === fields.length - 1) {
    return null;
  }
  return fields[index + 1];
}

/** What Enter in ``field`` of ``form`` does: the focus to the next figure, or in the last one
 * the form saved by ``saveButton``. Returns "next", "save" or "" (not a figure of the form:
 * the key is left alone). */
export function onEnter(fields, field, form, saveButton) {
  if (!fields.includes(field)) {
    return "";
  }
  const next = nextField(fields, field);
  if (next !== null) {
    next.focus();
    return "next";
  }
  form.requestSubmit(saveButton);
  return "save";
}

/** The key handler of a totals ``form``: Enter without a modifier key moves on or saves.
 * ``fieldSelector`` and ``saveSelector`` find the figures and the "Save" button of another
 * form of figures (the points sheet, scoring/points.js). */
export function enterMovesOn(
  form, fieldSelector = "[data-totals-field]", saveSelector = "[data-totals-save]",
) {
  const fields = Array.from(form.querySelectorAll(fieldSelector));
  const saveButton = form.querySelector(saveSelector);
  return (event) => {
    if (event.key !== "Enter" || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey
        || event.isComposing) {
      return;
    }
    if (onEnter(fields, event.target, form, saveButton)) {
      event.preventDefault();
    }
  };
}

if (typeof document !== "undefined") {
  for (const form of document.querySelectorAll("[data-totals-form]")) {
    form.addEventListener("keydown", enterMovesOn(form));
  }
}
