/* The new-event form (tournament.forms.EventForm): picking house rules (a preset or the club's
 * own) puts their games per round and their scoring mode in those fields at once, unless the
 * organiser typed a number or picked a mode there. The hidden games_per_round_preset and
 * scoring_mode_preset name the rules whose value each field holds; typing a number or picking
 * a mode empties it, and the server then saves the organiser's choice whatever the rules.
 * Without this script the server alone decides (an unchanged default becomes the chosen
 * rules').
 */

/** The field's value and the rules it was filled from after the rules ``picked`` are chosen:
 * a value chosen by hand (``filledFrom`` empty) stays; otherwise, or when the field is empty,
 * the picked rules' value (``gamesByPreset``: rules' name to value). */
export function afterPick({ value, filledFrom, picked, gamesByPreset }) {
  const typedByHand = filledFrom === "" && value.trim() !== "";
  if (typedByHand || !Object.hasOwn(gamesByPreset, picked)) {
    return { value, filledFrom };
  }
  return { value: String(gamesByPreset[picked]), filledFrom: picked };
}

/** Let ``field`` follow the rules ``chooser`` picks (their values in ``valuesByRules``), with
 * the hidden ``filled`` naming the rules it holds; ``typed`` is the field's event of a choice
 * by hand. */
function follow(chooser, field, filled, valuesByRules, typed) {
  const show = () => {
    const next = afterPick({
      value: field.value,
      filledFrom: filled.value,
      picked: chooser.value,
      gamesByPreset: valuesByRules,
    });
    field.value = next.value;
    filled.value = next.filledFrom;
  };
  chooser.addEventListener("change", show);
  field.addEventListener(typed, () => {
    filled.value = "";
  });
  show(); // a page restored by the browser may show other rules than the ones filled in
}

/** Follow the rules chooser of ``form`` in its games-per-round and scoring-mode fields. */
export function followPreset(form) {
  const chooser = form.querySelector("select[name=rules][data-games-per-round]");
  if (!chooser) {
    return;
  }
  const fields = [
    ["games_per_round", "games_per_round_preset", chooser.dataset.gamesPerRound, "input"],
    ["scoring_mode", "scoring_mode_preset", chooser.dataset.scoringMode, "change"],
  ];
  for (const [name, filledName, values, typed] of fields) {
    const field = form.elements.namedItem(name);
    const filled = form.elements.namedItem(filledName);
    if (field && filled && values) {
      follow(chooser, field, filled, JSON.parse(values), typed);
    }
  }
}

if (typeof document !== "undefined") {
  const form = document.querySelector("form[data-event-form]");
  if (form) {
    followPreset(form);
  }
}
