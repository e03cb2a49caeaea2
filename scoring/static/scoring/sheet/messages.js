/* What the sheet page says: the connection line in the bar at the bottom, the messages of a
 * save beside the game they are about, and the focused field kept clear of that bar. */

import { cardOf, slice } from "./rows.js";

/** The connection line: {text, kind} ("" when all is well) from the page's state: ``closed``
 * (the message of a sheet the link may no longer change), ``online``, ``sending``, ``queued``
 * (a save waits), ``waiting`` (games not on the server), ``note``; ``msg`` gives the texts. */
export function connectionLine(state, msg) {
  const parts = [];
  let kind = "";
  if (state.closed) {
    parts.push(state.closed);
    kind = "bad";
  } else if (!state.online) {
    parts.push(msg("offline"));
    kind = "bad";
  } else if (state.sending) {
    parts.push(msg("sending"));
    kind = "busy";
  } else if (state.queued && state.waiting) {
    parts.push(msg("queued"));
    kind = "bad";
  }
  if (state.note) {
    parts.push(state.note);
  }
  if (state.waiting && kind && !state.closed) {
    parts.push(msg("waiting").replace("{count}", state.waiting));
  }
  return { text: parts.join(" "), kind };
}

/** Show ``lines`` as the page's messages beside what they are about: right after the game
 * ``number``, above the players' confirmations (``place`` "confirm"), or at the top of the
 * page. Returns the list. */
export function notify(lines, kind, number, place) {
  let list = document.querySelector("ul.messages");
  if (!list) {
    list = document.createElement("ul");
    list.className = "messages";
    list.setAttribute("role", "status");
  }
  const card = number ? cardOf(number) : null;
  const section = place === "confirm" ? document.querySelector("[data-player-confirmations]") :
    null;
  if (section) {
    section.parentNode.insertBefore(list, section);
  } else if (card) {
    card.insertAdjacentElement("afterend", list);
  } else {
    const main = document.querySelector("main") || document.body;
    main.insertBefore(list, main.firstChild);
  }
  list.classList.toggle("row-messages", !!card && !section);
  list.innerHTML = "";
  lines.forEach((line) => {
    const item = document.createElement("li");
    item.className = kind;
    item.textContent = line;
    list.appendChild(item);
  });
  return list;
}

/** Scroll so that the focused ``field`` of a game row, and the messages under it, are clear of
 * the bar ``bar`` at the bottom of the screen (the actions and the connection line). */
export function reveal(field, bar) {
  const card = field && field.closest ? field.closest("fieldset.game") : null;
  if (!card) {
    return;
  }
  const box = field.getBoundingClientRect();
  const row = field.closest("tr, .field") || field;
  let bottom = row.getBoundingClientRect().bottom;
  const after = card.nextElementSibling;
  const notes = slice(card.querySelectorAll(".live-errors:not([hidden]), .trick-sum"));
  if (after && after.classList.contains("messages")) {
    notes.push(after);
  }
  notes.forEach((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.height && rect.top >= box.top) {
      bottom = Math.max(bottom, Math.min(rect.bottom, box.top + 200));
    }
  });
  const viewport = window.visualViewport ? window.visualViewport.height : window.innerHeight;
  const barTop = bar ? Math.min(bar.getBoundingClientRect().top, viewport) : viewport;
  if (bottom > barTop - 8) {
    window.scrollBy(0, Math.min(bottom - barTop + 8, box.top - 8));
  } else if (box.top < 8) {
    window.scrollBy(0, box.top - 8);
  }
}
