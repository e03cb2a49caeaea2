/* The page of a sheet kept in round totals or in points per game
 * (templates/scoring/figures_sheet.html, form [data-figures-form]): nothing typed is lost, as
 * on the games sheet (main.js), with the same modules.
 *
 * - Drafts (storage.js, the rows of figures.js): every row typed on this device that the
 *   server does not hold is kept in localStorage (per page, with the version and the figures
 *   it was typed over) until the server has it. A reload, Back, a locked phone or a closed tab
 *   bring the figures back, marked as not saved yet; leaving the page with such figures asks
 *   first.
 * - Saving (outbox.js): "Speichern" and "Speichern und abgeben" (and Enter in the last figure,
 *   totals.js) send the typed rows (of a totals sheet: every figure) in the background to the
 *   sheet's save address with the version the page showed and an id for the save; the answer
 *   is the sheet as it is now (FiguresScript in scoring/pages/figures.py), which the page takes
 *   over, its messages at their fields. Without a connection the save waits (the connection line says
 *   so) and goes by itself, with the same id, when the connection is back: the server
 *   recognises a save it already stored. Another device's save in between is refused as stale:
 *   its figures are shown beside the typed ones, and nothing is sent again until the next
 *   "Speichern".
 * - Offline pages (offline.js): on a secure origin a service worker keeps the link's page.
 * Without JavaScript the page works as a plain form.
 */

import { followRow, showHead } from "./follow.js";
import { figuresModel, rowsOf } from "./figures.js";
import { connectionLine, notify } from "./messages.js";
import { registerWorker } from "./offline.js";
import { sender, settle } from "./outbox.js";
import { load, newId, own, persist, remember as keep, storageKey } from "./storage.js";
import { each } from "./values.js";

const form = document.querySelector("form[data-figures-form]");
if (form) {
  figuresPage(form);
}

function figuresPage(form) {
  const model = figuresModel(form.getAttribute("data-figures-form"));
  const msg = (name) => form.getAttribute("data-msg-" + name) || "";
  const key = storageKey(location.pathname, "figures");
  const store = load(window.localStorage, key);
  const save = () => persist(window.localStorage, key, store);
  const inputs = Array.from(form.querySelectorAll("input[name]"))
    .filter((input) => model.keyOf(input.name) !== null);
  const names = inputs.map((input) => input.name);
  const versionInput = form.querySelector("input[name=version]");
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  const connection = form.querySelector("[data-connection]");
  const token = () => (csrf ? csrf.value : "");
  // the figures the server holds, by field name: as the page was drawn, then as answered
  let stored = Object.fromEntries(inputs.map((input) => [input.name, input.defaultValue]));
  let closedMessage = "";

  const rowKeys = () => Object.keys(rowsOf(names, {}, model));
  const typed = (rowKey) => rowsOf(names, valuesNow(), model)[rowKey] || {};
  const storedRow = (rowKey) => rowsOf(names, stored, model)[rowKey] || {};
  const draftCount = () => Object.keys(store.drafts).length;

  function valuesNow() {
    return Object.fromEntries(inputs.map((input) => [input.name, input.value.trim()]));
  }

  /* Put ``values`` into their fields (but ``except``). */
  function write(values, except) {
    inputs.forEach((input) => {
      if (input.name in values && input !== except) {
        input.value = values[input.name];
      }
    });
    form.dispatchEvent(new Event("input")); // the points sheet's Summe row (points.js)
  }

  /* Mark each figure typed here that the server does not hold, and its line. */
  function mark() {
    inputs.forEach((input) => {
      const drafted = Object.prototype.hasOwnProperty.call(store.drafts, model.keyOf(input.name));
      input.classList.toggle("unsaved", drafted &&
        model.norm(input.name, input.value) !== model.norm(input.name, stored[input.name]));
    });
    form.querySelectorAll("tbody tr").forEach((line) => {
      line.classList.toggle("unsaved", !!line.querySelector("input.unsaved"));
    });
  }

  function remember(rowKey) {
    keep(store, rowKey, typed(rowKey), storedRow(rowKey), model);
  }

  function showState() {
    const line = connectionLine({
      closed: closedMessage, online: navigator.onLine, sending: outbox.sending(),
      queued: !!store.outbox, waiting: draftCount(),
      note: draftCount() && !store.outbox && !closedMessage ? msg("unsaved") : "",
    }, msg);
    if (connection) {
      connection.textContent = line.text;
      connection.className = "connection" + (line.kind ? " " + line.kind : "");
      connection.hidden = !line.text;
    }
  }

  // --- messages at their fields, the other device's figures beside the typed ones ------------

  function showErrors(errors, listed) {
    inputs.forEach((input) => {
      const id = input.name + "-error";
      const old = document.getElementById(id);
      if (old) {
        old.remove();
      }
      const messages = errors[input.name];
      if (messages) {
        const line = document.createElement("span");
        line.className = "errorlist";
        line.id = id;
        line.textContent = messages.join(" ");
        input.insertAdjacentElement("afterend", line);
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    });
    form.querySelectorAll("tbody tr").forEach((line) => {
      line.classList.toggle("has-errors", !!line.querySelector("[aria-invalid]"));
    });
    const box = form.querySelector("[data-points-problems]");
    if (box) {
      const list = box.querySelector("ul");
      list.textContent = "";
      listed.forEach(([name, text]) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = "#" + name;
        link.textContent = text;
        item.appendChild(link);
        list.appendChild(item);
      });
      box.hidden = listed.length === 0;
    }
  }

  /* Show ``conflicts`` (field name of a line's first figure: the other device's figures) in a
     line under each; the lines shown before go. */
  function showConflicts(conflicts) {
    form.querySelectorAll("tr.other-device").forEach((line) => line.remove());
    each(conflicts, (name, text) => {
      const input = inputs.find((one) => one.name === name);
      const line = input ? input.closest("tr") : null;
      if (!line) {
        return;
      }
      const row = document.createElement("tr");
      row.className = "other-device";
      const cell = document.createElement("td");
      cell.colSpan = line.children.length - 1;
      cell.setAttribute("role", "alert");
      const strong = document.createElement("strong");
      strong.textContent = msg("other");
      cell.append(strong, " " + text);
      row.append(document.createElement("td"), cell);
      line.insertAdjacentElement("afterend", row);
    });
  }

  /* The figures the server holds where a kept draft was typed over others: each line of the
     row that differs, with the server's figures (the answer of a refused save says more). */
  function conflictsOf(rowKey, draft) {
    const found = {};
    const server = storedRow(rowKey);
    form.querySelectorAll("tbody tr").forEach((line) => {
      const own = inputs.filter((input) => line.contains(input) && input.name in server);
      if (own.some((input) => model.norm(input.name, draft.fields[input.name]) !==
                              model.norm(input.name, server[input.name]))) {
        found[own[0].name] = own.map((input) => server[input.name] || "–").join(" · ");
      }
    });
    return found;
  }

  // --- following the sheet -----------------------------------------------------------------

  function follow(data) {
    const before = stored;
    versionInput.value = String(data.version);
    stored = data.figures;
    store.server = { version: data.version, rows: {}, figures: data.figures };
    rowKeys().forEach((rowKey) => {
      const action = followRow(store, rowKey, typed(rowKey),
        rowsOf(names, before, model)[rowKey] || {}, storedRow(rowKey), model);
      if (action === "write") {
        write(storedRow(rowKey));
      } else if (action === "taken") { // as the server reads it ("80-": "-80"), not under the caret
        write(storedRow(rowKey), document.activeElement);
      }
    });
    save();
    mark();
    showHead(form, data);
  }

  function answered(data) {
    if (data.figures) {
      follow(data);
    }
    showConflicts(data.outcome === "stale" ? data.conflicts : {});
    if (data.outcome === "saved") {
      closedMessage = "";
      showErrors(data.errors || {}, data.listed || []);
      const list = notify(data.messages.concat(data.problems),
        data.problems.length ? "error" : "success", null);
      const first = inputs.find((input) => (data.errors || {})[input.name]);
      if (first) {
        first.focus();
      } else {
        list.scrollIntoView({ block: "nearest" });
      }
      return;
    }
    if (data.outcome === "locked") {
      closedMessage = data.message;
    }
    const list = notify([data.message], "error", null);
    const conflict = form.querySelector("tr.other-device");
    (conflict || list).scrollIntoView({ block: "nearest" });
  }

  // --- saving ------------------------------------------------------------------------------

  const outbox = sender({
    store, keep: save, url: form.getAttribute("data-save-url"), token,
    sheet: form.getAttribute("data-sheet"), version: () => versionInput.value, model,
    rows: () => (model.whole ? { sheet: { fields: typed("sheet") } } : store.drafts),
    remember: () => rowKeys().forEach(remember), answered, shown: showState,
    makeId: () => newId(window.crypto),
  });

  function changed(event) {
    const rowKey = model.keyOf(event.target.name || "");
    if (rowKey === null) {
      return;
    }
    remember(rowKey);
    save();
    mark();
    showState();
  }

  function submitted(event) {
    event.preventDefault();
    const submitter = event.submitter;
    outbox.request(submitter && submitter.value === "submit" ? "submit" : "save");
  }

  // --- start -------------------------------------------------------------------------------

  function restore() {
    const pageVersion = parseInt(versionInput.value, 10);
    if (store.server.figures && store.server.version > pageVersion) {
      // a page kept for offline use is older than what this device has seen since
      versionInput.value = String(store.server.version);
      stored = { ...stored, ...store.server.figures };
      write(stored);
    } else {
      store.server = { version: pageVersion, rows: {}, figures: stored };
    }
    const conflicts = {};
    each(store.drafts, (rowKey, draft) => {
      const server = storedRow(rowKey);
      if (!rowKeys().includes(rowKey) || model.same(draft.fields, server)) {
        delete store.drafts[rowKey]; // the server has it (or the page has no such row)
        return;
      }
      write(draft.fields);
      if (!model.same(draft.seen, server) && !own(store, rowKey, server, model)) {
        Object.assign(conflicts, conflictsOf(rowKey, draft));
        draft.seen = server;
      }
    });
    showConflicts(conflicts);
    settle(store);
    save();
    mark();
  }

  restore();
  form.addEventListener("input", changed);
  form.addEventListener("submit", submitted);
  window.addEventListener("online", () => {
    showState();
    outbox.send();
  });
  window.addEventListener("offline", showState);
  window.addEventListener("beforeunload", (event) => {
    if (draftCount()) {
      event.preventDefault();
      event.returnValue = msg("leave");
      return msg("leave");
    }
    return undefined;
  });
  showState();
  if (store.outbox && navigator.onLine) {
    outbox.send();
  }
  registerWorker(form);
}
