/* Score sheet: nothing typed is lost, the page follows the sheet, few taps per game.
 *
 * - Drafts (storage.js): every row typed on this device that the server does not hold is kept
 *   in localStorage (per page) until the server has it. A reload, Back, a locked phone or a
 *   closed tab bring the values back, marked "not saved yet"; leaving the page with such rows
 *   asks first. A row compares with the server's as the server reads it (values.js).
 * - Saving (outbox.js): "Speichern", the Enter or complete figure at a row's end, send the drafts
 *   in the background to the sheet's save address with the version the page shows and an id
 *   for the save. The answer is the whole sheet as it is now; the page takes it over
 *   (follow.js). Without a connection, or when the answer is lost, the save is sent again by
 *   itself with the same id: the server recognises a save it already stored. Another device's
 *   save in between is refused as stale: its game is shown beside the typed one, and the next
 *   save decides. Another module may hand the page a sheet state: the form's "sheet:state"
 *   event with the state as its detail.
 * - A sheet the link may no longer change (round closed, sheet confirmed): the drafts are
 *   listed as not saved and sent once, so the desk sees them; the page of a closed link
 *   (#sheet-closed) does the same with what the phone still keeps (late.js).
 * - Typing (keyboard.js): the declarer and the kind are buttons (at the desk the digit keys
 *   pick the declarer, "a" or "-" marks a conceded game); the page moves on from field to field
 *   and to the next game; a field that gets the focus has its text selected. Points while
 *   typing come from the preview endpoint, which runs the rules: they live only in Python.
 * - Offline pages (offline.js): on a secure origin a service worker keeps the sheet page and
 *   its assets.
 * Without JavaScript the page works as a plain form.
 */

import { attachConfirmations } from "./confirmations.js";
import { followRow, isState, showHead } from "./follow.js";
import {
  CONCEDE_KEYS, Habit, complete, declarerOfKey, entryOrder, overflow, restOf, selectOnFocus,
} from "./keyboard.js";
import { lateList, reportFromClosedPage } from "./late.js";
import { connectionLine, notify, reveal as revealIn } from "./messages.js";
import { registerWorker } from "./offline.js";
import { post, sender, settle } from "./outbox.js";
import {
  cardOf, checkBid, checkTricks, clearConflict, fields, fire, kindOf, markRow, numberOf,
  readRow, setStored, shortName, showConflict, showErrors, showPoints, slice, storedOf,
  textInputs, trickInputs, updateTotals, writeRow, writeStored,
} from "./rows.js";
import {
  keptLines, load, newId, own, persist, remember as keep, reported, storageKey,
} from "./storage.js";
import { blank, each, same } from "./values.js";

const DELAY = 350;
const key = storageKey(location.pathname);
const store = load(window.localStorage, key);

function save() {
  persist(window.localStorage, key, store);
}

const closedBox = document.getElementById("sheet-closed");
const form = document.getElementById("sheet-form");
if (closedBox) {
  reportFromClosedPage(closedBox, store, save);
} else if (form) {
  sheetPage(form);
}

function sheetPage(form) {
  const sheet = {
    total: parseInt(form.getAttribute("data-trick-total"), 10),
    parties: parseInt(form.getAttribute("data-parties"), 10),
    msg: (name) => form.getAttribute("data-msg-" + name) || "",
  };
  const UNUSUAL_BID = parseInt(form.getAttribute("data-unusual-bid"), 10);
  const desk = form.hasAttribute("data-desk");
  const saveUrl = form.getAttribute("data-save-url");
  const previewUrl = form.getAttribute("data-preview-url");
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  const versionInput = form.querySelector("input[name=version]");
  const connection = form.querySelector("[data-connection]");
  const actions = form.querySelector(".sheet-actions");
  const cards = slice(form.querySelectorAll("fieldset.game"));
  const habit = new Habit();
  const timers = {};
  const sequence = {};
  let closedMessage = "";
  let lastRow = null; // the row typed in last: its messages are shown beside it

  const token = () => (csrf ? csrf.value : "");
  const draftCount = () => Object.keys(store.drafts).length;
  const hasDraft = (card) => Object.prototype.hasOwnProperty.call(store.drafts, numberOf(card));
  const mark = (card) => markRow(card, hasDraft(card), sheet.msg("unsaved"));
  const totals = () => updateTotals(form, cards, sheet.parties);
  const reveal = (field) => revealIn(field, actions);

  function remember(card) {
    keep(store, numberOf(card), readRow(card), storedOf(card));
    save();
    mark(card);
    showState();
  }

  // --- the points preview ------------------------------------------------------------------

  function preview(card) {
    const number = numberOf(card);
    const body = new URLSearchParams();
    fields(card).forEach((field) => {
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) {
        return;
      }
      body.append(field.name, field.value);
    });
    body.append("number", number);
    body.append("parties", form.getAttribute("data-parties"));
    body.append("seats", form.getAttribute("data-seats"));
    body.append("event", form.getAttribute("data-event") || "");
    body.append("csrfmiddlewaretoken", token());
    sequence[number] = (sequence[number] || 0) + 1;
    const mine = sequence[number];
    if (hasDraft(card)) {
      showPoints(card, null, !blank(readRow(card))); // "–" until the answer
    }
    post(previewUrl, body, token())
      .then((data) => {
        if (!data || sequence[number] !== mine) {
          return;
        }
        showPoints(card, data.points, false);
        showErrors(card, data.errors || {}, data.columns);
        totals();
        reveal(document.activeElement);
      })
      .catch(() => { /* offline: "–" stays; the points come when the connection is back */ });
  }

  function previewLater(card) {
    const number = numberOf(card);
    clearTimeout(timers[number]);
    timers[number] = setTimeout(() => preview(card), DELAY);
  }

  // --- moving on from field to field -------------------------------------------------------

  function order(card) {
    const inputs = textInputs(card);
    const names = entryOrder(inputs.map(shortName), kindOf(card) === "conceded");
    return inputs.filter((input) => names.includes(shortName(input)));
  }

  /* The last trick field left empty holds the rest of the total while the others are filled
     in, as long as nobody typed in it (data-rest); a figure typed there replaces it. */
  function fillRest(card) {
    const inputs = trickInputs(card);
    inputs.forEach((input) => {
      if (input.dataset.rest !== undefined) {
        input.value = "";
      }
    });
    const offer = kindOf(card) === "conceded" ? null :
      restOf(inputs.map((input) => input.value), sheet.total, sheet.parties);
    inputs.forEach((input, index) => {
      if (offer && index === offer.index && inputs.indexOf(document.activeElement) !== index) {
        input.value = String(offer.rest);
        input.dataset.rest = "";
      } else if (input.dataset.rest !== undefined) {
        delete input.dataset.rest;
      }
    });
  }

  /* The first field of a row: its declarer's checked button, else the first. */
  function start(card) {
    return card.querySelector("input[name$='-declarer']:checked") ||
      card.querySelector("input[name$='-declarer']");
  }

  function nextCard(card) {
    return cards[cards.indexOf(card) + 1] || null;
  }

  /* Focus the field after ``from`` in its row, selected; after the row's last the row is saved
     and the next game begins. ``auto``: the page moved by itself (a Tab or Enter right after is
     absorbed there). */
  function advance(card, from, auto) {
    const list = order(card);
    const next = from.type === "radio" ? list[0] : list[list.indexOf(from) + 1];
    if (next) {
      next.focus();
      next.select();
    } else {
      finishRow(card, from);
      return;
    }
    if (auto) {
      habit.moved(next);
    }
  }

  function finishRow(card, from) {
    const following = nextCard(card);
    if (following) {
      const first = start(following);
      first.focus();
      habit.moved(first);
    } else {
      from.blur();
    }
    if (hasDraft(card)) {
      request("save");
    }
  }

  /* Is the row typed to its end: a declarer and a bid, and the trick points adding up (none
     in a conceded game)? */
  function done(card) {
    const values = readRow(card);
    if (!values.declarer || !values.bid) {
      return false;
    }
    if (kindOf(card) === "conceded") {
      return true;
    }
    const found = trickInputs(card).map((input) => input.value.trim());
    return found.every((text) => /^\d+$/.test(text)) &&
      found.reduce((sum, text) => sum + parseInt(text, 10), 0) === sheet.total;
  }

  /* The focus went from row ``card`` to another: a row typed to its end is saved. */
  function left(card) {
    if (card && hasDraft(card) && done(card)) {
      request("save");
    }
  }

  function changed(event) {
    const target = event.target;
    const card = target.closest ? target.closest("fieldset.game") : null;
    if (!card) {
      return;
    }
    lastRow = numberOf(card);
    if (target.dataset && target.dataset.rest !== undefined && event.isTrusted !== false) {
      delete target.dataset.rest; // typed over: the rest is no longer offered here
    }
    if (event.type === "input" && event.isTrusted !== false && target.type === "text") {
      habit.forget();
      const split = target.selectionStart === target.value.length ?
        overflow(shortName(target), target.value) : null;
      const list = order(card);
      const next = split ? list[list.indexOf(target) + 1] : null;
      if (next) {
        target.value = split[0];
        next.focus();
        next.value = split[1];
        delete next.dataset.rest;
        fire(next, "input");
      }
    }
    if (/-tricks\d+$/.test(target.name || "") || /-kind$/.test(target.name || "")) {
      fillRest(card);
    }
    checkTricks(card, sheet);
    checkBid(card, UNUSUAL_BID);
    remember(card);
    previewLater(card);
    if (event.isTrusted === false) {
      return; // filled in by a script (the meld picker, a desk key): no moving on
    }
    if (event.type === "change" && target.type === "radio" && /-declarer$/.test(target.name) &&
        target.value !== "") {
      advance(card, target, true);
    } else if (event.type === "input" && target.type === "text" &&
               complete(shortName(target), target.value, sheet.total)) {
      advance(card, target, true);
    }
  }

  function pick(card, name, value) {
    const radio = card.querySelector("input[name$='-" + name + "'][value='" + value + "']");
    if (radio && !radio.checked) {
      radio.checked = true;
      fire(radio, "change");
    }
    return radio;
  }

  function keydown(event) {
    const target = event.target;
    const card = target.closest ? target.closest("fieldset.game") : null;
    if (!card || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    if (habit.absorbs(target, event.key, event.shiftKey)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Shift" || (event.key === "Tab" && target.type !== "text")) {
      return;
    }
    const entry = target.type === "text" || /-declarer$/.test(target.name || "");
    if (entry && CONCEDE_KEYS.includes(event.key)) {
      // "a" or "-": a conceded game (the trick fields drop out of the order)
      event.preventDefault();
      pick(card, "kind", "conceded");
      if (/-tricks\d+$/.test(target.name)) {
        advance(card, target, false);
      }
      return;
    }
    if (/-declarer$/.test(target.name || "")) {
      const value = declarerOfKey(event.key, sheet.parties);
      if (value !== null) {
        event.preventDefault();
        pick(card, "declarer", value);
        advance(card, target, true);
        return;
      }
      if (event.key === "Enter") {
        event.preventDefault();
        advance(card, target, false);
      }
      return;
    }
    // Enter, the keyboard's "next" and Tab go on in the order of the sheet (the kind, the
    // dealer and the misplay are reached with Shift+Tab or a tap)
    if ((event.key !== "Enter" && event.key !== "Tab") || event.shiftKey ||
        target.type !== "text" || (event.key === "Tab" && /-bid$/.test(target.name))) {
      return; // from the bid, Tab reaches the kind of game on its way to the first meld
    }
    event.preventDefault();
    advance(card, target, false);
  }

  // --- the connection line ---------------------------------------------------------------

  function showState(note) {
    const line = connectionLine({
      closed: closedMessage, online: navigator.onLine, sending: outbox.sending(),
      queued: !!store.outbox, waiting: draftCount(), note,
    }, sheet.msg);
    if (connection) {
      connection.textContent = line.text;
      connection.className = "connection" + (line.kind ? " " + line.kind : "");
      connection.hidden = !line.text;
    }
  }

  function scrollTo(number) {
    const card = number ? cardOf(number) : null;
    if (card && card.scrollIntoView) {
      card.scrollIntoView({ block: "start" });
    }
  }

  // --- following the sheet -----------------------------------------------------------------

  function follow(data, conflicts) {
    versionInput.value = String(data.version);
    store.server = { version: data.version, rows: data.rows };
    each(data.rows, (number, row) => {
      const card = cardOf(number);
      if (!card) {
        return;
      }
      const before = storedOf(card);
      setStored(card, row.stored, row.points);
      const action = followRow(store, number, readRow(card), before, row.stored);
      if (action === "write") {
        writeStored(card, row.stored);
        checkTricks(card, sheet);
      }
      const other = (conflicts || {})[number];
      if (action === "conflict" || (action === "typing" && other && card.classList.contains("conflict"))) {
        // a conflict first seen in a followed state is described by the refused save's answer
        showConflict(card, sheet.msg("other"), other);
      } else if (action !== "typing") {
        clearConflict(card);
      }
      if (hasDraft(card)) {
        previewLater(card); // the points of what is typed here, not of the server's game
      }
      mark(card);
    });
    save();
    totals();
    showHead(form, data);
  }

  function answered(data, action) {
    const outcome = data.outcome;
    if (data.rows) {
      follow(data, outcome === "stale" ? data.conflicts : null);
    }
    if (data.changes) { // the games others changed: shown by sheet/changes.js
      form.dispatchEvent(new CustomEvent("sheet:changes", { detail: data.changes }));
    }
    if (outcome === "saved") {
      closedMessage = "";
      cards.forEach((card) => {
        const errors = (data.errors || {})[numberOf(card)];
        if (errors) {
          showErrors(card, errors, data.columns[numberOf(card)]);
        } else if (card.classList.contains("previewed") && !store.drafts[numberOf(card)]) {
          showErrors(card, {}, []);
        }
      });
      const error = Object.keys(data.errors || {})[0];
      const first = error || (data.missing || [])[0];
      const handedIn = action === "submit" && !error &&
        data.status !== "in_progress" && data.status !== "empty";
      const list = notify(data.messages.concat(data.problems),
        data.problems.length ? "error" : "success", error || lastRow,
        handedIn ? "confirm" : null);
      const about = cardOf(error || lastRow);
      if (handedIn && document.querySelector("[data-player-confirmations]")) {
        list.scrollIntoView({ block: "start" });
      } else if (!error && about && first && nextCard(about) === cardOf(first)) {
        list.scrollIntoView({ block: "nearest" }); // the message, and the next game below it
      } else if (first) {
        scrollTo(first);
      }
    } else if (outcome === "stale") {
      const conflict = form.querySelector("fieldset.game.conflict");
      notify([data.message], "error", conflict ? numberOf(conflict) : null);
      scrollTo(conflict ? numberOf(conflict) : null);
    } else {
      if (outcome === "locked") {
        closedMessage = data.message;
        reported(store, data);
        lateList(keptLines(store));
      }
      notify([data.message], "error");
    }
    save();
  }

  // --- saving ------------------------------------------------------------------------------

  const outbox = sender({
    store, keep: save, url: saveUrl, token, sheet: form.getAttribute("data-sheet"),
    version: () => versionInput.value, remember: () => cards.forEach(remember), answered,
    shown: () => showState(), makeId: () => newId(window.crypto),
  });
  const request = outbox.request;

  function submitted(event) {
    event.preventDefault();
    const submitter = event.submitter;
    request(submitter && submitter.value === "submit" ? "submit" : "save");
  }

  // --- start -------------------------------------------------------------------------------

  function restore() {
    const pageVersion = parseInt(versionInput.value, 10);
    if (store.server.version > pageVersion) {
      // a page kept for offline use is older than what this device has seen since
      versionInput.value = String(store.server.version);
      each(store.server.rows, (number, row) => {
        const card = cardOf(number);
        if (card) {
          writeStored(card, row.stored);
          setStored(card, row.stored, row.points);
        }
      });
    } else {
      store.server = { version: pageVersion, rows: {} };
    }
    each(store.drafts, (number, draft) => {
      const card = cardOf(number);
      const stored = card ? storedOf(card) : {};
      if (!card || same(draft.fields, stored)) {
        delete store.drafts[number]; // the server has it
        return;
      }
      draft.reported = false; // the sheet takes games again
      writeRow(card, draft.fields);
      if (!same(draft.seen, stored) && !own(store, number, stored)) {
        showConflict(card, sheet.msg("other"), "");
        draft.seen = stored;
      }
    });
    settle(store);
    save();
    cards.forEach((card) => {
      checkTricks(card, sheet);
      checkBid(card, UNUSUAL_BID);
      mark(card);
      if (hasDraft(card)) {
        preview(card); // points of the typed game: "–" until the server answers
      }
    });
    totals();
  }

  /* At the desk the cursor starts in the first game without a stored game. */
  function focusFirstEmpty() {
    if (!desk || location.hash || form.querySelector("[autofocus]")) {
      return;
    }
    const card = cards.find((one) => blank(storedOf(one)) && blank(readRow(one)));
    if (card) {
      start(card).focus({ preventScroll: false });
    }
  }

  restore();
  selectOnFocus(form);
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("keydown", keydown);
  form.addEventListener("submit", submitted);
  // A field focused by a tap or click is revealed after the click: scrolling under the
  // finger would move the click's end onto another element.
  let pointing = null;
  form.addEventListener("pointerdown", () => { pointing = true; }, true);
  let focusedRow = null;
  form.addEventListener("focusin", (event) => {
    if (habit.fresh && habit.fresh !== event.target) {
      habit.forget();
    }
    const row = event.target.closest("fieldset.game");
    if (row && focusedRow && row !== focusedRow && pointing) {
      left(focusedRow); // a tap on the next game: the game before is done
    }
    focusedRow = row || focusedRow;
    if (pointing) {
      pointing = event.target;
    } else {
      reveal(event.target);
    }
  });
  document.addEventListener("click", () => {
    const target = pointing;
    pointing = null;
    if (target && target !== true) {
      setTimeout(() => reveal(target), 0);
    }
  });
  document.addEventListener("pointercancel", () => { pointing = null; });
  form.addEventListener("sheet:state", (event) => {
    if (isState(event.detail)) {
      follow(event.detail, null);
    }
  });
  attachConfirmations(notify);
  window.addEventListener("online", () => {
    showState();
    outbox.send();
    cards.filter(hasDraft).forEach(previewLater);
  });
  window.addEventListener("offline", () => { showState(); });
  window.addEventListener("beforeunload", (event) => {
    if (draftCount()) {
      event.preventDefault();
      event.returnValue = sheet.msg("leave");
      return sheet.msg("leave");
    }
    return undefined;
  });
  showState();
  if (store.outbox && navigator.onLine) {
    outbox.send();
  }
  const first = form.getAttribute("data-first-open");
  if (!location.hash && first && (first !== "1" || form.querySelector(".has-errors"))) {
    scrollTo(first);
  }
  focusFirstEmpty();
  registerWorker(form);
}
