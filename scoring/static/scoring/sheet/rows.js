/* The game rows of the sheet form in the page: reading and writing their fields, what the
 * server stores under them, their marks (not saved yet, saved on another device), the trick
 * sum, the bid check, the points and the running totals, the messages. */

import { ENTRY, each } from "./values.js";

export function slice(list) {
  return Array.prototype.slice.call(list);
}

export function numberOf(card) {
  return card.getAttribute("data-number");
}

export function cardOf(number) {
  return document.getElementById("g" + number);
}

export function fields(card) {
  return slice(card.querySelectorAll("input[name], select[name]"));
}

export function shortName(field) {
  return field.name.replace(/^g\d+-/, "");
}

export function readRow(card) {
  const values = {};
  fields(card).forEach((field) => {
    const name = shortName(field);
    if (field.type === "radio") {
      values[name] = field.checked ? field.value : values[name] || "";
    } else if (field.type === "checkbox") {
      values[name] = field.checked ? "1" : "";
    } else {
      values[name] = field.value.trim();
    }
  });
  return values;
}

export function writeRow(card, values) {
  fields(card).forEach((field) => {
    const name = shortName(field);
    if (!(name in values)) {
      return;
    }
    if (field.type === "radio") {
      field.checked = field.value === values[name];
    } else if (field.type === "checkbox") {
      field.checked = values[name] === "1";
    } else {
      field.value = values[name];
    }
    delete field.dataset.rest;
  });
}

/** Show in a row what the server stores ({}: no game, the entry fields emptied). */
export function writeStored(card, stored) {
  if (Object.keys(stored).length) {
    writeRow(card, stored);
    return;
  }
  const values = { kind: "played" };
  fields(card).forEach((field) => {
    const name = shortName(field);
    if (ENTRY.test(name) || name === "bid_ok") {
      values[name] = "";
    }
  });
  writeRow(card, values);
}

export function storedOf(card) {
  try {
    return JSON.parse(card.getAttribute("data-stored") || "{}");
  } catch (error) {
    return {};
  }
}

/** Show the points of a row (a list by party), or "–" for a typed game without them yet. */
export function showPoints(card, points, typed) {
  slice(card.querySelectorAll("[data-points]")).forEach((cell) => {
    const index = parseInt(cell.getAttribute("data-points"), 10);
    cell.textContent = points ? String(points[index]) : (typed ? "–" : "");
  });
}

export function setStored(card, stored, points) {
  card.setAttribute("data-stored", JSON.stringify(stored || {}));
  card.classList.toggle("stored", !!stored && Object.keys(stored).length > 0);
  showPoints(card, points, false);
}

export function markRow(card, unsaved, label) {
  card.classList.toggle("unsaved", unsaved);
  let badge = card.querySelector(".unsaved-badge");
  if (unsaved && !badge) {
    badge = document.createElement("span");
    badge.className = "unsaved-badge";
    badge.textContent = label;
    card.querySelector("legend").appendChild(badge);
  } else if (!unsaved && badge) {
    badge.parentNode.removeChild(badge);
  }
}

export function showConflict(card, heading, text) {
  card.classList.add("conflict");
  let note = card.querySelector(".other-device");
  if (!note) {
    note = document.createElement("p");
    note.className = "other-device";
    note.setAttribute("role", "alert");
    card.querySelector("legend").insertAdjacentElement("afterend", note);
  }
  note.textContent = "";
  const strong = document.createElement("strong");
  strong.textContent = heading;
  note.appendChild(strong);
  note.appendChild(document.createTextNode(" " + (text || "")));
}

export function clearConflict(card) {
  card.classList.remove("conflict");
  const note = card.querySelector(".other-device");
  if (note) {
    note.parentNode.removeChild(note);
  }
}

export function textInputs(card) {
  return slice(card.querySelectorAll("input[type=text]"));
}

export function trickInputs(card) {
  return slice(card.querySelectorAll("input[name*='-tricks']"));
}

export function kindOf(card) {
  const checked = card.querySelector("input[name$='-kind']:checked");
  return checked ? checked.value : "played";
}

/** The trick figures typed: their sum, whether all read as numbers, the empty inputs. */
export function trickSum(card) {
  let sum = 0;
  const empty = [];
  let readable = true;
  trickInputs(card).forEach((input) => {
    const value = input.value.trim();
    if (value === "") {
      empty.push(input);
    } else if (/^\d+$/.test(value)) {
      sum += parseInt(value, 10);
    } else {
      readable = false;
    }
  });
  return { sum, empty, readable };
}

export function fire(input, type) {
  input.dispatchEvent(new Event(type, { bubbles: true }));
}

/** The line under the trick fields: their sum against the total, and while one field is empty
 * at a table of three or more the offer of the rest. */
export function checkTricks(card, sheet) {
  const out = card.querySelector("[data-trick-sum]");
  const inputs = trickInputs(card);
  const found = trickSum(card);
  const hidden = found.empty.length === inputs.length || kindOf(card) === "conceded";
  const state = hidden ? "" : [found.sum, found.readable, inputs.indexOf(found.empty[0]),
    found.empty.length].join();
  if (!out || out.getAttribute("data-state") === state) {
    return; // unchanged: keep the offer button under the finger
  }
  out.setAttribute("data-state", state);
  out.textContent = "";
  out.className = "trick-sum";
  if (hidden) {
    return;
  }
  out.appendChild(document.createTextNode(
    sheet.msg("sum").replace("{sum}", found.readable ? found.sum : "?")));
  out.className = "trick-sum " +
    (found.readable && found.sum === sheet.total && !found.empty.length ? "ok" : "bad");
  if (sheet.parties >= 3 && found.readable && found.empty.length === 1 &&
      found.sum <= sheet.total) {
    const rest = sheet.total - found.sum;
    const offer = document.createElement("button");
    offer.type = "button";
    offer.className = "link take-rest";
    offer.textContent = sheet.msg("rest").replace("{rest}", rest);
    offer.addEventListener("click", () => {
      found.empty[0].value = String(rest);
      fire(found.empty[0], "input");
      found.empty[0].focus();
    });
    out.appendChild(document.createTextNode(" · "));
    out.appendChild(offer);
  }
}

export function checkBid(card, unusualBid) {
  const bid = card.querySelector("input[name$='-bid']");
  const box = card.querySelector(".bid-ok");
  if (!bid || !box) {
    return;
  }
  const checkbox = box.querySelector("input");
  box.hidden = !(parseInt(bid.value, 10) > unusualBid) && !(checkbox && checkbox.checked);
}

export function updateTotals(form, cards, parties) {
  const totals = [];
  for (let i = 0; i < parties; i += 1) {
    totals.push(0);
  }
  cards.forEach((card) => {
    let counted = false;
    slice(card.querySelectorAll("[data-points]")).forEach((cell) => {
      const text = cell.textContent.trim();
      if (/^-?\d+$/.test(text)) {
        totals[parseInt(cell.getAttribute("data-points"), 10)] += parseInt(text, 10);
        counted = true;
      }
    });
    slice(card.querySelectorAll("[data-total]")).forEach((cell) => {
      cell.textContent = counted ?
        String(totals[parseInt(cell.getAttribute("data-total"), 10)]) : "";
    });
  });
  slice(form.querySelectorAll("[data-grand-total]")).forEach((cell) => {
    cell.textContent = String(totals[parseInt(cell.getAttribute("data-grand-total"), 10)]);
  });
}

/* What a field is called: its own label, its group's (the declarer's buttons), or the label
   around it. */
function labelFor(card, name) {
  const input = card.querySelector("[name$='-" + name + "']");
  if (!input) {
    return "";
  }
  const named = input.getAttribute("aria-label") ? input : input.closest("[aria-label]");
  if (named && card.contains(named)) {
    return named.getAttribute("aria-label");
  }
  const label = input.closest("label") || card.querySelector("label[for='" + input.id + "']");
  const text = label && (label.querySelector(".label") || label);
  return text ? text.textContent.trim() : "";
}

/** A row's messages (from the preview or a save): each field marked, each message once, named
 * by its field (a party's meld or trick figure names the party). */
export function showErrors(card, errors, columns) {
  slice(card.querySelectorAll("[aria-invalid]")).forEach((input) => {
    input.removeAttribute("aria-invalid");
  });
  slice(card.querySelectorAll(".invalid")).forEach((cell) => {
    cell.classList.remove("invalid");
  });
  (columns || []).forEach((column) => {
    const name = column === "melds" ? "meld" : column;
    slice(card.querySelectorAll("input[name*='-" + name + "']")).forEach((input) => {
      input.closest("td, .field").classList.add("invalid");
    });
  });
  const list = card.querySelector(".live-errors");
  list.innerHTML = "";
  each(errors, (name, messages) => {
    const input = card.querySelector("[name$='-" + name + "']");
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.closest(".field, td").classList.add("invalid");
    }
    messages.forEach((message) => {
      const item = document.createElement("li");
      const label = name === "__all__" ? "" : labelFor(card, name);
      item.textContent = label ? label + ": " + message : message;
      list.appendChild(item);
    });
  });
  list.hidden = list.children.length === 0;
  card.classList.add("previewed");
  card.classList.toggle("has-errors", list.children.length > 0);
}
