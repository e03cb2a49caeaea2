/* The new-event form (tournament.forms.EventForm): picking house rules puts their games per
 * round in the field at once, unless the organiser typed a number there. The hidden
 * games_per_round_preset names the preset whose number the field holds; typing empties it, and
 * the server then saves the typed number whatever the rules. Without this script the server
 * alone decides (an unchanged default becomes the chosen rules' number).
 */

/** The field's value and the preset it was filled from after the preset ``picked`` is chosen:
 * a number typed by hand (``filledFrom`` empty) stays; otherwise, or when the field is empty,
 * the picked preset's games per round (``gamesByPreset``: preset name to number). */
export function afterPick({ value, filledFrom, picked, gamesByPreset }) {
  const typedByHand = filledFrom === "" && value.trim() !== "";
  if (typedByHand || !Object.hasOwn(gamesByPreset, picked)) {
    return { value, filledFrom };
  }
  return { value: String(gamesByPreset[picked]), filledFrom: picked };
}

/** Follow the rules chooser of ``form`` in its games-per-round field. */
export function followPreset(form) {
  const chooser = form.querySelector("select[name=rules][data-games-per-round]");
  const games = form.elements.namedItem("games_per_round");
  const filled = form.elements.namedItem("games_per_round_preset");
  if (!chooser || !games || !filled) {
    return;
  }
  const gamesByPreset = JSON.parse(chooser.dataset.gamesPerRound);
  const show = () => {
    const next = afterPick({
      value: games.value,
      filledFrom: filled.value,
      picked: chooser.value,
      gamesByPreset,
    });
    games.value = next.value;
    filled.value = next.filledFrom;
  };
  chooser.addEventListener("change", show);
  games.addEventListener("input", () => {
    filled.value = "";
  });
  show(); // a page restored by the browser may show another preset than the one filled in
}

if (typeof document !== "undefined") {
  const form = document.querySelector("form[data-event-form]");
  if (form) {
    followPreset(form);
  }
}
