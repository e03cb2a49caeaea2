/* Score sheet: nothing typed is lost, points while typing, saves in the background.
 *
 * - Drafts: every row typed on this device is kept in localStorage (per page and game) until the
 *   server has accepted it. A reload, Back, a locked phone or a closed tab bring the values
 *   back, marked "not saved yet"; leaving the page with such rows asks first.
 * - Saving: the form is sent in the background with only the rows typed here and the version
 *   they were based on, so the server's stale-save protection holds (a conflict shows the other
 *   device's game beside the typed one). Without a connection the save waits and is sent by
 *   itself when the connection is back; the page shows the connection and how many games wait.
 * - Points: each row is sent, debounced, to the preview endpoint, which runs the rules
 *   (score_hand) and stores nothing; only sums are added up here (trick points against 250,
 *   running totals). The rules live only in Python.
 * - Offline pages: on a secure origin a service worker keeps the sheet page and its assets.
 * Without JavaScript the page works as a plain form.
 */
(function () {
  "use strict";
  var form = document.getElementById("sheet-form");
  if (!form || !window.fetch || !window.URLSearchParams || !window.JSON) {
    return;
  }
  var ENTRY = /^(declarer|bid|revoked|meld\d+|tricks\d+)$/;
  var DELAY = 350;
  var RETRY = 10000;
  var TOTAL = parseInt(form.getAttribute("data-trick-total"), 10);
  var UNUSUAL_BID = parseInt(form.getAttribute("data-unusual-bid"), 10);
  var PARTIES = parseInt(form.getAttribute("data-parties"), 10);
  var previewUrl = form.getAttribute("data-preview-url");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  var versionInput = form.querySelector("input[name=version]");
  var status = form.querySelector("[data-connection]");
  var cards = Array.prototype.slice.call(form.querySelectorAll("fieldset.game"));
  var key = "binokel-sheet:" + location.pathname;
  var timers = {};
  var sequence = {};
  var sending = false;
  var retryTimer = null;
  var closedMessage = "";
  var store = load();

  function msg(name) {
    return form.getAttribute("data-msg-" + name) || "";
  }

  // --- storage ---------------------------------------------------------------------------

  function load() {
    var data = null;
    try {
      data = JSON.parse(window.localStorage.getItem(key) || "null");
    } catch (error) {
      data = null;
    }
    data = data || {};
    data.rows = data.rows || {};
    data.snapshot = data.snapshot || { version: -1, rows: {} };
    return data;
  }

  function persist() {
    try {
      window.localStorage.setItem(key, JSON.stringify(store));
    } catch (error) {
      /* storage full or blocked: the form still holds the values */
    }
  }

  // --- rows ------------------------------------------------------------------------------

  function cardOf(number) {
    return document.getElementById("g" + number);
  }

  function fields(card) {
    return Array.prototype.slice.call(card.querySelectorAll("input[name], select[name]"));
  }

  function shortName(field) {
    return field.name.replace(/^g\d+-/, "");
  }

  function readRow(card) {
    var values = {};
    fields(card).forEach(function (field) {
      if (field.type === "checkbox") {
        values[shortName(field)] = field.checked ? "1" : "";
      } else {
        values[shortName(field)] = field.value.trim();
      }
    });
    return values;
  }

  function writeRow(card, values) {
    fields(card).forEach(function (field) {
      var name = shortName(field);
      if (!(name in values)) {
        return;
      }
      if (field.type === "checkbox") {
        field.checked = values[name] === "1";
      } else {
        field.value = values[name];
      }
    });
  }

  function storedOf(card) {
    try {
      return JSON.parse(card.getAttribute("data-stored") || "{}");
    } catch (error) {
      return {};
    }
  }

  /* Does what is typed differ from what the server holds? An empty row differs once any
     entry field is filled (dealer and kind alone do not make a game). */
  function differs(values, stored) {
    var names = Object.keys(values);
    if (Object.keys(stored).length === 0) {
      return names.some(function (name) { return ENTRY.test(name) && values[name] !== ""; });
    }
    return names.some(function (name) {
      return name !== "bid_ok" && values[name] !== (stored[name] || "");
    });
  }

  function draftCount() {
    return Object.keys(store.rows).length;
  }

  function markRow(card) {
    var number = card.getAttribute("data-number");
    var unsaved = Object.prototype.hasOwnProperty.call(store.rows, number);
    card.classList.toggle("unsaved", unsaved);
    var badge = card.querySelector(".unsaved-badge");
    if (unsaved && !badge) {
      badge = document.createElement("span");
      badge.className = "unsaved-badge";
      badge.textContent = msg("unsaved");
      card.querySelector("legend").appendChild(badge);
    } else if (!unsaved && badge) {
      badge.parentNode.removeChild(badge);
    }
  }

  function remember(card) {
    var number = card.getAttribute("data-number");
    var values = readRow(card);
    if (differs(values, storedOf(card))) {
      var old = store.rows[number];
      store.rows[number] = {
        base: old ? old.base : parseInt(versionInput.value, 10),
        fields: values
      };
    } else {
      delete store.rows[number];
    }
    persist();
    markRow(card);
    showState();
  }

  function setStored(card, stored, points) {
    card.setAttribute("data-stored", JSON.stringify(stored || {}));
    card.classList.toggle("stored", !!stored && Object.keys(stored).length > 0);
    Array.prototype.forEach.call(card.querySelectorAll("[data-points]"), function (cell) {
      var index = parseInt(cell.getAttribute("data-points"), 10);
      cell.textContent = points ? String(points[index]) : "";
    });
  }

  // --- sums and the points preview -------------------------------------------------------

  function isNumber(text) {
    return /^-?\d+$/.test(text);
  }

  function checkTricks(card) {
    var out = card.querySelector("[data-trick-sum]");
    var kind = card.querySelector("select[name$='-kind']");
    var inputs = Array.prototype.slice.call(card.querySelectorAll("input[name*='-tricks']"));
    var sum = 0;
    var empty = [];
    var readable = true;
    inputs.forEach(function (input) {
      var value = input.value.trim();
      if (value === "") {
        empty.push(input);
      } else if (/^\d+$/.test(value)) {
        sum += parseInt(value, 10);
      } else {
        readable = false;
      }
    });
    if (!out) {
      return;
    }
    var hidden = empty.length === inputs.length || (kind && kind.value === "conceded");
    var state = hidden ? "" : [sum, readable, inputs.indexOf(empty[0]), empty.length].join();
    if (out.getAttribute("data-state") === state) {
      return; // unchanged: keep the offer button under the finger
    }
    out.setAttribute("data-state", state);
    out.textContent = "";
    out.className = "trick-sum";
    if (hidden) {
      return;
    }
    out.appendChild(document.createTextNode(
      msg("sum").replace("{sum}", readable ? sum : "?")));
    out.className = "trick-sum " + (readable && sum === TOTAL && !empty.length ? "ok" : "bad");
    // at a three- or four-singles table the last figure is offered, never filled in silently
    if (PARTIES >= 3 && readable && empty.length === 1 && sum <= TOTAL) {
      var rest = TOTAL - sum;
      var offer = document.createElement("button");
      offer.type = "button";
      offer.className = "link take-rest";
      offer.textContent = msg("rest").replace("{rest}", rest);
      offer.addEventListener("click", function () {
        empty[0].value = String(rest);
        empty[0].dispatchEvent(new Event("input", { bubbles: true }));
        empty[0].focus();
      });
      out.appendChild(document.createTextNode(" · "));
      out.appendChild(offer);
    }
  }

  function checkBid(card) {
    var bid = card.querySelector("input[name$='-bid']");
    var box = card.querySelector(".bid-ok");
    if (!bid || !box) {
      return;
    }
    var value = parseInt(bid.value, 10);
    var checkbox = box.querySelector("input");
    box.hidden = !(value > UNUSUAL_BID) && !(checkbox && checkbox.checked);
  }

  function updateTotals() {
    var totals = [];
    for (var i = 0; i < PARTIES; i += 1) {
      totals.push(0);
    }
    cards.forEach(function (card) {
      var counted = false;
      Array.prototype.forEach.call(card.querySelectorAll("[data-points]"), function (cell) {
        var text = cell.textContent.trim();
        if (isNumber(text)) {
          totals[parseInt(cell.getAttribute("data-points"), 10)] += parseInt(text, 10);
          counted = true;
        }
      });
      Array.prototype.forEach.call(card.querySelectorAll("[data-total]"), function (cell) {
        cell.textContent = counted ? String(totals[parseInt(cell.getAttribute("data-total"), 10)]) : "";
      });
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-grand-total]"), function (cell) {
      cell.textContent = String(totals[parseInt(cell.getAttribute("data-grand-total"), 10)]);
    });
  }

  function labelFor(card, name) {
    var input = card.querySelector("[name$='-" + name + "']");
    if (!input) {
      return "";
    }
    if (input.getAttribute("aria-label")) {
      return input.getAttribute("aria-label");
    }
    var label = card.querySelector("label[for='" + input.id + "']");
    return label ? label.textContent.trim() : "";
  }

  /* Show a row's messages (from the preview or a save): each field marked, each message once,
     named by its field (a party's meld or trick figure names the party). */
  function showErrors(card, errors, columns) {
    Array.prototype.forEach.call(card.querySelectorAll("[aria-invalid]"), function (input) {
      input.removeAttribute("aria-invalid");
    });
    Array.prototype.forEach.call(card.querySelectorAll(".invalid"), function (cell) {
      cell.classList.remove("invalid");
    });
    (columns || []).forEach(function (column) {
      var name = column === "melds" ? "meld" : column;
      Array.prototype.forEach.call(
        card.querySelectorAll("input[name*='-" + name + "']"),
        function (input) { input.parentNode.classList.add("invalid"); }
      );
    });
    var list = card.querySelector(".live-errors");
    list.innerHTML = "";
    Object.keys(errors || {}).forEach(function (name) {
      var input = card.querySelector("[name$='-" + name + "']");
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.parentNode.classList.add("invalid");
      }
      errors[name].forEach(function (message) {
        var item = document.createElement("li");
        var label = name === "__all__" ? "" : labelFor(card, name);
        item.textContent = label ? label + ": " + message : message;
        list.appendChild(item);
      });
    });
    list.hidden = list.children.length === 0;
    card.classList.add("previewed");
    card.classList.toggle("has-errors", list.children.length > 0);
  }

  function showPreview(card, data) {
    Array.prototype.forEach.call(card.querySelectorAll("[data-points]"), function (cell) {
      var index = parseInt(cell.getAttribute("data-points"), 10);
      cell.textContent = data.points ? String(data.points[index]) : "";
    });
    showErrors(card, data.errors || {}, data.columns);
    updateTotals();
  }

  function rowBody(card, body) {
    fields(card).forEach(function (field) {
      if (field.type === "checkbox" && !field.checked) {
        return;
      }
      body.append(field.name, field.value);
    });
  }

  function preview(card) {
    var number = card.getAttribute("data-number");
    var body = new URLSearchParams();
    rowBody(card, body);
    body.append("number", number);
    body.append("parties", form.getAttribute("data-parties"));
    body.append("seats", form.getAttribute("data-seats"));
    if (csrf) {
      body.append("csrfmiddlewaretoken", csrf.value);
    }
    sequence[number] = (sequence[number] || 0) + 1;
    var mine = sequence[number];
    fetch(previewUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf ? csrf.value : "", "Accept": "application/json" }
    })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (sequence[number] === mine) {
          showPreview(card, data);
        }
      })
      .catch(function () { /* offline: the points appear after saving */ });
  }

  function changed(event) {
    var card = event.target.closest ? event.target.closest("fieldset.game") : null;
    if (!card) {
      return;
    }
    checkTricks(card);
    checkBid(card);
    remember(card);
    var number = card.getAttribute("data-number");
    clearTimeout(timers[number]);
    timers[number] = setTimeout(function () { preview(card); }, DELAY);
  }

  // --- connection state ------------------------------------------------------------------

  function say(text, kind) {
    if (!status) {
      return;
    }
    status.textContent = text;
    status.className = "connection no-print" + (kind ? " " + kind : "");
    status.hidden = !text;
  }

  function showState(note) {
    var waiting = draftCount();
    var parts = [];
    var kind = "";
    if (closedMessage) {
      parts.push(closedMessage);
      kind = "bad";
    } else if (!navigator.onLine) {
      parts.push(msg("offline"));
      kind = "bad";
    } else if (sending) {
      parts.push(msg("sending"));
      kind = "busy";
    } else if (store.pending && waiting) {
      parts.push(msg("queued"));
      kind = "bad";
    }
    if (note) {
      parts.push(note);
    }
    if (waiting && (kind || store.pending)) {
      parts.push(msg("waiting").replace("{count}", waiting));
    }
    say(parts.join(" "), kind);
  }

  function notify(lines, kind) {
    var list = document.querySelector("ul.messages");
    if (!list) {
      list = document.createElement("ul");
      list.className = "messages";
      list.setAttribute("role", "status");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(list, main.firstChild);
    }
    list.innerHTML = "";
    lines.forEach(function (line) {
      var item = document.createElement("li");
      item.className = kind;
      item.textContent = line;
      list.appendChild(item);
    });
  }

  // --- saving ----------------------------------------------------------------------------

  function baseVersion() {
    var version = parseInt(versionInput.value, 10);
    Object.keys(store.rows).forEach(function (number) {
      version = Math.min(version, store.rows[number].base);
    });
    return version;
  }

  function scrollTo(number) {
    var card = number ? cardOf(number) : null;
    if (card && card.scrollIntoView) {
      card.scrollIntoView({ block: "start" });
    }
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(send, RETRY);
  }

  function accepted(data, sent, sentVersion) {
    var bumped = (data.version === sentVersion + 1 && Object.keys(data.rows).length > 0) ||
      data.version === sentVersion;
    versionInput.value = String(data.version);
    Object.keys(data.rows).forEach(function (number) {
      var card = cardOf(number);
      var row = data.rows[number];
      if (card) {
        setStored(card, row.stored, row.points);
      }
      store.snapshot.rows[number] = row;
    });
    store.snapshot.version = data.version;
    Object.keys(store.rows).forEach(function (number) {
      var card = cardOf(number);
      var draft = store.rows[number];
      if (card && !differs(draft.fields, storedOf(card))) {
        delete store.rows[number];
      } else if (bumped) {
        draft.base = data.version; // nobody else saved in between: the base moves along
      }
    });
    cards.forEach(function (card) {
      var number = card.getAttribute("data-number");
      if (data.errors[number]) {
        showErrors(card, data.errors[number], data.columns[number]);
      } else if (sent[number]) {
        showErrors(card, {}, []);
        card.classList.remove("conflict");
      }
      markRow(card);
    });
    updateTotals();
    store.pending = null;
    persist();
    // the organisers' confirm form states the version they have seen: this one
    Array.prototype.forEach.call(document.querySelectorAll("#organiser input[name=version]"),
      function (input) { input.value = String(data.version); });
    if (!form.getAttribute("data-worker") && !data.missing.length && !draftCount() &&
        data.status !== "confirmed" &&
        !document.querySelector("#organiser button[value=confirm]")) {
      window.location.reload(); // complete now: the page offers to confirm it
      return;
    }
    if (data.status) {
      var badge = document.querySelector(".meta .status");
      if (badge && data.status_label) {
        badge.className = "status status-" + data.status;
        badge.textContent = data.status_label;
      }
    }
    notify(data.messages.concat(data.problems), data.problems.length ? "error" : "success");
    scrollTo(data.first_open);
  }

  function sameFields(a, b) {
    var names = Object.keys(a || {}).concat(Object.keys(b || {}));
    return names.every(function (name) {
      return name === "bid_ok" || (a || {})[name] === (b || {})[name];
    });
  }

  /* Another device saved since these rows were typed: nothing was stored. Every row the answer
     names now shows what is stored; where that is not what this device knew, the other
     device's game is shown beside the typed one. The device has seen the sheet's version now,
     so all its rows are based on it: the next save decides. */
  function refusedStale(data) {
    versionInput.value = String(data.version);
    Object.keys(store.rows).forEach(function (number) {
      store.rows[number].base = data.version;
    });
    Object.keys(data.current).forEach(function (number) {
      var card = cardOf(number);
      if (!card) {
        return;
      }
      var known = storedOf(card);
      setStored(card, data.stored[number], null);
      if (sameFields(known, data.stored[number])) {
        markRow(card);
        return; // unchanged by the other device: no conflict in this row
      }
      card.classList.add("conflict");
      var note = card.querySelector(".other-device");
      if (!note) {
        note = document.createElement("p");
        note.className = "other-device";
        note.setAttribute("role", "alert");
        card.querySelector("legend").insertAdjacentElement("afterend", note);
      }
      note.textContent = "";
      var strong = document.createElement("strong");
      strong.textContent = msg("other");
      note.appendChild(strong);
      note.appendChild(document.createTextNode(" " + data.current[number]));
      markRow(card);
    });
    store.pending = null;
    persist();
    updateTotals();
    notify([data.message], "error");
    var first = form.querySelector("fieldset.game.conflict");
    scrollTo(first ? first.getAttribute("data-number") : null);
  }

  function send() {
    if (sending || !store.pending) {
      showState();
      return;
    }
    clearTimeout(retryTimer);
    var action = store.pending;
    var sentVersion = baseVersion();
    var sent = {};
    var body = new URLSearchParams();
    body.append("csrfmiddlewaretoken", csrf ? csrf.value : "");
    body.append("sheet", form.getAttribute("data-sheet"));
    body.append("version", String(sentVersion));
    body.append("action", action);
    Object.keys(store.rows).forEach(function (number) {
      var card = cardOf(number);
      if (!card) {
        delete store.rows[number];
        return;
      }
      var values = store.rows[number].fields;
      Object.keys(values).forEach(function (name) {
        if (name === "bid_ok" && values[name] !== "1") {
          return;
        }
        body.append("g" + number + "-" + name, values[name]);
      });
      sent[number] = true;
    });
    sending = true;
    showState();
    fetch(location.pathname, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf ? csrf.value : "", "Accept": "application/json" }
    })
      .then(function (response) {
        return response.json().then(
          function (data) { return { status: response.status, data: data }; },
          function () { return { status: response.status, data: null }; }
        );
      })
      .then(function (answer) {
        sending = false;
        var data = answer.data;
        if (!data) {
          // not the app's answer (a proxy, a server error): keep everything, try again later
          showState();
          notify([msg("queued")], "error");
          retryLater();
          return;
        }
        if (data.ok !== false || data.rows) {
          accepted(data, sent, sentVersion);
        } else if (data.reason === "stale") {
          refusedStale(data);
        } else {
          store.pending = null;
          persist();
          if (data.reason === "locked") {
            closedMessage = data.message + (data.late ? " " + msg("late") : "");
          }
          notify([data.message].concat(data.late ? [msg("late")] : []), "error");
        }
        showState();
      })
      .catch(function () {
        sending = false; // no connection: the save waits
        showState();
        retryLater();
      });
  }

  function submitted(event) {
    var submitter = event.submitter;
    event.preventDefault();
    cards.forEach(remember);
    store.pending = submitter && submitter.value === "submit" ? "submit" : "save";
    persist();
    closedMessage = "";
    send();
  }

  // --- start -----------------------------------------------------------------------------

  function restore() {
    var pageVersion = parseInt(versionInput.value, 10);
    // a page kept for offline use may be older than what this device saved since
    if (store.snapshot.version > pageVersion) {
      versionInput.value = String(store.snapshot.version);
      Object.keys(store.snapshot.rows).forEach(function (number) {
        var card = cardOf(number);
        var row = store.snapshot.rows[number];
        if (card) {
          writeRow(card, row.stored || {});
          setStored(card, row.stored, row.points);
        }
      });
    } else {
      store.snapshot = { version: pageVersion, rows: {} };
    }
    Object.keys(store.rows).forEach(function (number) {
      var card = cardOf(number);
      var draft = store.rows[number];
      if (!card) {
        delete store.rows[number];
        return;
      }
      if (!differs(draft.fields, storedOf(card))) {
        delete store.rows[number]; // the server has it
        return;
      }
      writeRow(card, draft.fields);
      if (card.classList.contains("conflict")) {
        draft.base = parseInt(versionInput.value, 10);
      }
    });
    persist();
    cards.forEach(function (card) {
      checkTricks(card);
      checkBid(card);
      markRow(card);
    });
    updateTotals();
  }

  restore();
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", submitted);
  window.addEventListener("online", function () { showState(); send(); });
  window.addEventListener("offline", function () { showState(); });
  window.addEventListener("beforeunload", function (event) {
    if (draftCount()) {
      event.preventDefault();
      event.returnValue = msg("leave");
      return msg("leave");
    }
    return undefined;
  });
  showState();
  if (store.pending && navigator.onLine) {
    send();
  }
  var first = form.getAttribute("data-first-open");
  if (!location.hash && first && (first !== "1" || form.querySelector(".has-errors"))) {
    scrollTo(first);
  }

  var worker = form.getAttribute("data-worker");
  if (worker && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(worker, { scope: worker.replace(/[^/]*$/, "") })
      .catch(function () { /* the page works without it, only not offline after a reload */ });
  }
})();
