/* The keys and the Summe row of a sheet kept in points per game
 * (templates/scoring/points_sheet.html): Enter in a field moves to the next one (a game's
 * declarer, each party's points, the next game's declarer), and Enter in the last field saves
 * the form with its "Save" button, as on the totals sheet (scoring/totals.js); Tab moves on by
 * itself. While typing, the Summe row adds up each party's points as the fields hold them.
 * Without this module Enter saves the form at once and the Summe row shows what was stored.
 */
import { figure } from "./sheet/figures.js";
import { enterMovesOn } from "./totals.js";

/** A sum as the page shows points: a real minus sign below zero. */
export function signed(value) {
  return value < 0 ? `−${-value}` : String(value);
}

/** Each party's sum over ``fields`` (inputs named ``g<N>-points<i>``), ``parties`` of them;
 * a field that holds no figure adds nothing. */
export function partySums(fields, parties) {
  const sums = new Array(parties).fill(0);
  for (const field of fields) {
    const match = /-points([0-9]+)$/.exec(field.name);
    if (match !== null && Number(match[1]) < parties) {
      sums[Number(match[1])] += figure(field.value) ?? 0;
    }
  }
  return sums;
}

/** Show the sums of ``form``'s points fields in its cells marked ``data-points-sum``. */
export function showSums(form) {
  const cells = Array.from(form.querySelectorAll("[data-points-sum]"));
  const fields = Array.from(form.querySelectorAll("[data-points-field]"));
  partySums(fields, cells.length).forEach((sum, index) => {
    cells[index].textContent = signed(sum);
  });
}

if (typeof document !== "undefined") {
  for (const form of document.querySelectorAll("[data-points-form]")) {
    form.addEventListener("keydown", enterMovesOn(form, "[data-points-field]", "[data-points-save]"));
    form.addEventListener("input", () => showSums(form));
  }
}
