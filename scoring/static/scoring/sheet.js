/* Score sheet: nothing typed is lost, the page follows the sheet, few taps per game.
 *
 * - Drafts: every row typed on this device that the server does not hold is kept in
 *   localStorage (per page) until the server has it. A reload, Back, a locked phone or a closed
 *   tab bring the values back, marked "not saved yet"; leaving the page with such rows asks
 *   first. A row compares with the server's as the server reads it: an empty meld or trick
 *   field is the stored 0.
 * - Saving: "Speichern" sends the drafts in the background to the sheet's save address
 *   (data-save-url) with the version the page shows and an id for the save. The answer is the
 *   whole sheet as it is now; the page takes it over (rows, points, heading, counts, badges).
 *   Without a connection, or when the answer is lost, the save is sent again by itself with
 *   the same id: the server recognises a save it already stored and answers it as stored.
 *   Another device's save in between is refused as stale: its game is shown beside the typed
 *   one, and the next "Speichern" decides.
 * - A sheet the link may no longer change (round closed, sheet confirmed): the drafts are
 *   listed as not saved and sent once, so the desk sees them; the page of a closed link
 *   (#sheet-closed) does the same with what the phone still keeps.
 * - Typing: the declarer and the kind are buttons; the page moves on from field to field (a
 *   complete bid or trick figure, Enter or the keyboard's "next"), and the last trick field
 *   is offered as the rest of 250. Points while typing come from the preview endpoint, which
 *   runs the rules: they live only in Python.
 * - Offline pages: on a secure origin a service worker keeps the sheet page and its assets.
 * Without JavaScript the page works as a plain form.
 */
(function () {
  "use strict";
  if (!window.fetch || !window.URLSearchParams || !window.crypto) {
    return;
  }
  var ENTRY = /^(declarer|bid|revoked|meld\d+|tricks\d+)$/;
  var ZERO_WHEN_EMPTY = /^(meld\d+|tricks\d+)$/;
  var DELAY = 350;
  var RETRY = 10000;
  var key = "binokel-sheet:" + location.pathname;

  function slice(list) {
    return Array.prototype.slice.call(list);
  }

  function each(object, callback) {
    Object.keys(object || {}).forEach(function (name) { callback(name, object[name]); });
  }

  // --- storage: {drafts: {n: {fields, seen, late}}, outbox: {id, action, sent}, server} ------

  function load() {
    var data = null;
    try {
      data = JSON.parse(window.localStorage.getItem(key) || "null");
    } catch (error) {
      data = null;
    }
    data = data || {};
    data.drafts = data.drafts || {};
    data.server = data.server || { version: -1, rows: {} };
    data.outbox = data.outbox || null;
    return data;
  }

  var store = load();

  function persist() {
    try {
      window.localStorage.setItem(key, JSON.stringify(store));
    } catch (error) {
      /* storage full or blocked: the form still holds the values */
    }
  }

  function newId() {
    var bytes = window.crypto.getRandomValues(new Uint8Array(12));
    return slice(bytes).map(function (byte) { return (byte + 256).toString(16).slice(1); })
      .join("");
  }

  /* POST a form's fields; the JSON answer, or null for any other answer. */
  function post(url, body, token) {
    return fetch(url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token, "Accept": "application/json" }
    }).then(function (response) {
      return response.json().catch(function () { return null; });
    });
  }

  // --- values as the server reads them ------------------------------------------------------

  function blank(values) {
    return !Object.keys(values || {}).some(function (name) {
      return ENTRY.test(name) && (values[name] || "").trim() !== "";
    });
  }

  function norm(name, value) {
    value = (value || "").trim();
    if (value === "" && ZERO_WHEN_EMPTY.test(name)) {
      return "0";
    }
    return /^\d+$/.test(value) ? String(parseInt(value, 10)) : value;
  }

  /* Does a row as typed hold what the server stores ({} when it holds no game)? */
  function same(values, stored) {
    if (!stored || !Object.keys(stored).length) {
      return blank(values);
    }
    if (blank(values)) {
      return false;
    }
    return Object.keys(values).concat(Object.keys(stored)).every(function (name) {
      return name === "bid_ok" || norm(name, values[name]) === norm(name, stored[name]);
    });
  }

  // --- the page of a closed link: what the phone still keeps goes to the desk -------------

  var closedBox = document.getElementById("sheet-closed");
  if (closedBox) {
    reportFromClosedPage(closedBox);
    return;
  }
  var form = document.getElementById("sheet-form");
  if (!form) {
    return;
  }

  function lateList(late, scope) {
    var box = (scope || document).querySelector("[data-late]");
    if (!box) {
      return;
    }
    var list = box.querySelector("[data-late-list]");
    var game = box.getAttribute("data-msg-game") || "{number}";
    list.innerHTML = "";
    late.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = game.replace("{number}", line[0]) + (line[1] ? ": " + line[1] : "");
      list.appendChild(item);
    });
    box.hidden = late.length === 0;
  }

  function keptLines() {
    return Object.keys(store.drafts).sort(function (a, b) { return a - b; })
      .map(function (number) { return [number, store.drafts[number].late || ""]; });
  }

  /* Send the drafts once as a save; the server keeps what it could not take for the desk. */
  function postDrafts(url, fields, done, failed) {
    var body = new URLSearchParams();
    each(fields, function (name, value) { body.append(name, value); });
    each(store.drafts, function (number, draft) {
      each(draft.fields, function (name, value) {
        if (name !== "bid_ok" || value === "1") {
          body.append("g" + number + "-" + name, value);
        }
      });
    });
    post(url, body, fields.csrfmiddlewaretoken)
      .then(function (data) { return data ? done(data) : failed(); })
      .catch(failed);
  }

  /* The answer to drafts the sheet could no longer take: the rows it holds are no drafts any
     more, the others are marked as reported with their description. */
  function reported(data) {
    var late = {};
    (data.late || []).forEach(function (line) { late[line[0]] = line[1]; });
    each(store.drafts, function (number, draft) {
      var row = (data.rows || {})[number];
      if (row && same(draft.fields, row.stored)) {
        delete store.drafts[number];
      } else {
        draft.late = late[number] || draft.late || "";
        draft.reported = true;
      }
    });
    persist();
  }

  function reportFromClosedPage(box) {
    if (!Object.keys(store.drafts).length) {
      return;
    }
    lateList(keptLines(), box);
    var unsent = Object.keys(store.drafts).some(function (n) { return !store.drafts[n].reported; });
    if (!unsent) {
      return;
    }
    var csrf = box.querySelector("input[name=csrfmiddlewaretoken]");
    postDrafts(box.getAttribute("data-save-url"), {
      csrfmiddlewaretoken: csrf ? csrf.value : "",
      sheet: box.getAttribute("data-sheet"),
      version: box.getAttribute("data-version"),
      save_id: newId(),
      action: "save"
    }, function (data) {
      reported(data);
      lateList(keptLines(), box);
    }, function () { /* offline: listed here, sent at the next visit */ });
  }

  // --- the sheet page -----------------------------------------------------------------------

  var TOTAL = parseInt(form.getAttribute("data-trick-total"), 10);
  var UNUSUAL_BID = parseInt(form.getAttribute("data-unusual-bid"), 10);
  var PARTIES = parseInt(form.getAttribute("data-parties"), 10);
  var saveUrl = form.getAttribute("data-save-url");
  var previewUrl = form.getAttribute("data-preview-url");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  var versionInput = form.querySelector("input[name=version]");
  var connection = form.querySelector("[data-connection]");
  var cards = slice(form.querySelectorAll("fieldset.game"));
  var timers = {};
  var sequence = {};
  var sending = false;
  var again = null; // a save asked for while one was on its way
  var retryTimer = null;
  var closedMessage = "";

  function msg(name) {
    return form.getAttribute("data-msg-" + name) || "";
  }

  function cardOf(number) {
    return document.getElementById("g" + number);
  }

  function numberOf(card) {
    return card.getAttribute("data-number");
  }

  function fields(card) {
    return slice(card.querySelectorAll("input[name], select[name]"));
  }

  function shortName(field) {
    return field.name.replace(/^g\d+-/, "");
  }

  function readRow(card) {
    var values = {};
    fields(card).forEach(function (field) {
      var name = shortName(field);
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

  function writeRow(card, values) {
    fields(card).forEach(function (field) {
      var name = shortName(field);
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
    });
  }

  /* Show in a row what the server stores ({}: no game, the entry fields emptied). */
  function writeStored(card, stored) {
    if (Object.keys(stored).length) {
      writeRow(card, stored);
      return;
    }
    var values = { kind: "played" };
    fields(card).forEach(function (field) {
      var name = shortName(field);
      if (ENTRY.test(name) || name === "bid_ok") {
        values[name] = "";
      }
    });
    writeRow(card, values);
  }

  function storedOf(card) {
    try {
      return JSON.parse(card.getAttribute("data-stored") || "{}");
    } catch (error) {
      return {};
    }
  }

  function setStored(card, stored, points) {
    card.setAttribute("data-stored", JSON.stringify(stored || {}));
    card.classList.toggle("stored", !!stored && Object.keys(stored).length > 0);
    slice(card.querySelectorAll("[data-points]")).forEach(function (cell) {
      var index = parseInt(cell.getAttribute("data-points"), 10);
      cell.textContent = points ? String(points[index]) : "";
    });
  }

  function draftCount() {
    return Object.keys(store.drafts).length;
  }

  function markRow(card) {
    var unsaved = Object.prototype.hasOwnProperty.call(store.drafts, numberOf(card));
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
    var number = numberOf(card);
    var values = readRow(card);
    var stored = storedOf(card);
    if (same(values, stored)) {
      delete store.drafts[number];
    } else {
      var old = store.drafts[number];
      store.drafts[number] = { fields: values, seen: old ? old.seen : stored };
    }
    persist();
    markRow(card);
    showState();
  }

  function showConflict(card, text) {
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
    note.appendChild(document.createTextNode(" " + (text || "")));
  }

  function clearConflict(card) {
    card.classList.remove("conflict");
    var note = card.querySelector(".other-device");
    if (note) {
      note.parentNode.removeChild(note);
    }
  }

  // --- sums, the bid check and the points preview --------------------------------------------

  function trickInputs(card) {
    return slice(card.querySelectorAll("input[name*='-tricks']"));
  }

  function kindOf(card) {
    var checked = card.querySelector("input[name$='-kind']:checked");
    return checked ? checked.value : "played";
  }

  /* The trick figures typed: their sum, whether all read as numbers, the empty inputs. */
  function trickSum(card) {
    var sum = 0;
    var empty = [];
    var readable = true;
    trickInputs(card).forEach(function (input) {
      var value = input.value.trim();
      if (value === "") {
        empty.push(input);
      } else if (/^\d+$/.test(value)) {
        sum += parseInt(value, 10);
      } else {
        readable = false;
      }
    });
    return { sum: sum, empty: empty, readable: readable };
  }

  function takeRest(input, rest) {
    input.value = String(rest);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function checkTricks(card) {
    var out = card.querySelector("[data-trick-sum]");
    var inputs = trickInputs(card);
    var found = trickSum(card);
    var hidden = found.empty.length === inputs.length || kindOf(card) === "conceded";
    var state = hidden ? "" : [found.sum, found.readable, inputs.indexOf(found.empty[0]),
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
      msg("sum").replace("{sum}", found.readable ? found.sum : "?")));
    out.className = "trick-sum " +
      (found.readable && found.sum === TOTAL && !found.empty.length ? "ok" : "bad");
    if (PARTIES >= 3 && found.readable && found.empty.length === 1 && found.sum <= TOTAL) {
      var rest = TOTAL - found.sum;
      var offer = document.createElement("button");
      offer.type = "button";
      offer.className = "link take-rest";
      offer.textContent = msg("rest").replace("{rest}", rest);
      offer.addEventListener("click", function () {
        takeRest(found.empty[0], rest);
        found.empty[0].focus();
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
    var checkbox = box.querySelector("input");
    box.hidden = !(parseInt(bid.value, 10) > UNUSUAL_BID) && !(checkbox && checkbox.checked);
  }

  function updateTotals() {
    var totals = [];
    for (var i = 0; i < PARTIES; i += 1) {
      totals.push(0);
    }
    cards.forEach(function (card) {
      var counted = false;
      slice(card.querySelectorAll("[data-points]")).forEach(function (cell) {
        var text = cell.textContent.trim();
        if (/^-?\d+$/.test(text)) {
          totals[parseInt(cell.getAttribute("data-points"), 10)] += parseInt(text, 10);
          counted = true;
        }
      });
      slice(card.querySelectorAll("[data-total]")).forEach(function (cell) {
        cell.textContent = counted ?
          String(totals[parseInt(cell.getAttribute("data-total"), 10)]) : "";
      });
    });
    slice(form.querySelectorAll("[data-grand-total]")).forEach(function (cell) {
      cell.textContent = String(totals[parseInt(cell.getAttribute("data-grand-total"), 10)]);
    });
  }

  /* What a field is called: its own label, its group's (the declarer's buttons), or the label
     around it. */
  function labelFor(card, name) {
    var input = card.querySelector("[name$='-" + name + "']");
    if (!input) {
      return "";
    }
    var named = input.getAttribute("aria-label") ? input : input.closest("[aria-label]");
    if (named && card.contains(named)) {
      return named.getAttribute("aria-label");
    }
    var label = input.closest("label") || card.querySelector("label[for='" + input.id + "']");
    var text = label && (label.querySelector(".label") || label);
    return text ? text.textContent.trim() : "";
  }

  /* A row's messages (from the preview or a save): each field marked, each message once,
     named by its field (a party's meld or trick figure names the party). */
  function showErrors(card, errors, columns) {
    slice(card.querySelectorAll("[aria-invalid]")).forEach(function (input) {
      input.removeAttribute("aria-invalid");
    });
    slice(card.querySelectorAll(".invalid")).forEach(function (cell) {
      cell.classList.remove("invalid");
    });
    (columns || []).forEach(function (column) {
      var name = column === "melds" ? "meld" : column;
      slice(card.querySelectorAll("input[name*='-" + name + "']")).forEach(function (input) {
        input.parentNode.classList.add("invalid");
      });
    });
    var list = card.querySelector(".live-errors");
    list.innerHTML = "";
    each(errors, function (name, messages) {
      var input = card.querySelector("[name$='-" + name + "']");
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.closest(".field, td").classList.add("invalid");
      }
      messages.forEach(function (message) {
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

  function preview(card) {
    var number = numberOf(card);
    var body = new URLSearchParams();
    fields(card).forEach(function (field) {
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) {
        return;
      }
      body.append(field.name, field.value);
    });
    body.append("number", number);
    body.append("parties", form.getAttribute("data-parties"));
    body.append("seats", form.getAttribute("data-seats"));
    body.append("event", form.getAttribute("data-event") || "");
    body.append("csrfmiddlewaretoken", csrf ? csrf.value : "");
    sequence[number] = (sequence[number] || 0) + 1;
    var mine = sequence[number];
    post(previewUrl, body, csrf ? csrf.value : "")
      .then(function (data) {
        if (!data || sequence[number] !== mine) {
          return;
        }
        slice(card.querySelectorAll("[data-points]")).forEach(function (cell) {
          cell.textContent = data.points ?
            String(data.points[parseInt(cell.getAttribute("data-points"), 10)]) : "";
        });
        showErrors(card, data.errors || {}, data.columns);
        updateTotals();
      })
      .catch(function () { /* offline: the points appear after saving */ });
  }

  // --- moving on from field to field ---------------------------------------------------------

  /* The inputs of a row in the order a game is entered: the bid, then per party meld and
     trick points (no trick points for a conceded game). */
  function entryOrder(card) {
    var conceded = kindOf(card) === "conceded";
    return slice(card.querySelectorAll("input[type=text]")).filter(function (input) {
      return !(conceded && /-tricks\d+$/.test(input.name));
    });
  }

  function complete(input) {
    var value = input.value.trim();
    if (!/^\d+$/.test(value)) {
      return false;
    }
    if (/-bid$/.test(input.name)) {
      return (value.length === 3 && parseInt(value, 10) >= 150) || value.length === 4;
    }
    if (/-tricks\d+$/.test(input.name)) {
      return value === "0" || value.length === 3 || parseInt(value, 10) * 10 > TOTAL;
    }
    return false;
  }

  /* Focus the field after ``from`` in its row; the last empty trick field gets the rest of
     250, selected, so a figure typed replaces it. False when ``from`` is the row's last. */
  function advance(card, from) {
    var order = entryOrder(card);
    var next = from.type === "radio" ? order[0] : order[order.indexOf(from) + 1];
    if (!next) {
      return false;
    }
    next.focus();
    var found = trickSum(card);
    if (PARTIES >= 3 && /-tricks\d+$/.test(next.name) && found.readable &&
        found.empty.length === 1 && found.empty[0] === next && found.sum <= TOTAL) {
      takeRest(next, TOTAL - found.sum);
    }
    if (next.select) {
      next.select();
    }
    return true;
  }

  function changed(event) {
    var target = event.target;
    var card = target.closest ? target.closest("fieldset.game") : null;
    if (!card) {
      return;
    }
    checkTricks(card);
    checkBid(card);
    remember(card);
    var number = numberOf(card);
    clearTimeout(timers[number]);
    timers[number] = setTimeout(function () { preview(card); }, DELAY);
    if (event.isTrusted === false) {
      return; // filled in by a script (the rest of 250, the meld picker): no moving on
    }
    if (event.type === "change" && target.type === "radio" && /-declarer$/.test(target.name) &&
        target.value !== "") {
      advance(card, target);
    } else if (event.type === "input" && target.type === "text" && complete(target)) {
      advance(card, target);
    }
  }

  function keydown(event) {
    var target = event.target;
    if (event.key !== "Enter" || target.type !== "text" || !target.closest("fieldset.game")) {
      return;
    }
    event.preventDefault();
    if (!advance(target.closest("fieldset.game"), target)) {
      target.blur();
      request("save");
    }
  }

  // --- the connection bar and messages -------------------------------------------------------

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
    } else if (store.outbox && waiting) {
      parts.push(msg("queued"));
      kind = "bad";
    }
    if (note) {
      parts.push(note);
    }
    if (waiting && kind && !closedMessage) {
      parts.push(msg("waiting").replace("{count}", waiting));
    }
    if (!connection) {
      return;
    }
    connection.textContent = parts.join(" ");
    connection.className = "connection no-print" + (kind ? " " + kind : "");
    connection.hidden = parts.length === 0;
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

  function scrollTo(number) {
    var card = number ? cardOf(number) : null;
    if (card && card.scrollIntoView) {
      card.scrollIntoView({ block: "start" });
    }
  }

  // --- following the sheet -------------------------------------------------------------------

  function own(number, stored) {
    var sent = ((store.outbox || {}).sent || {})[number] || [];
    return sent.some(function (values) { return same(values, stored); });
  }

  /* Take over the sheet as the server has it now: every row's stored game and points (a row
     typed here keeps the typing; another device's game under it is shown beside it), the
     heading, the counts and the buttons. */
  function follow(data, conflicts) {
    versionInput.value = String(data.version);
    store.server = { version: data.version, rows: data.rows };
    each(data.rows, function (number, row) {
      var card = cardOf(number);
      if (!card) {
        return;
      }
      var before = storedOf(card);
      setStored(card, row.stored, row.points);
      var draft = store.drafts[number];
      if (!draft) {
        if (!same(readRow(card), row.stored)) {
          writeStored(card, row.stored);
          checkTricks(card);
        }
        clearConflict(card);
      } else if (same(draft.fields, row.stored)) {
        delete store.drafts[number];
        clearConflict(card);
      } else {
        if (!same(before, row.stored) && !own(number, row.stored)) {
          // another device saved this row under the typing: both are shown, the next save
          // decides
          showConflict(card, (conflicts || {})[number]);
        }
        draft.seen = row.stored;
      }
      markRow(card);
    });
    persist();
    updateTotals();
    var badge = document.querySelector("[data-status]");
    if (badge) {
      badge.className = "status status-" + data.status;
      badge.textContent = data.status_label;
    }
    var entered = document.querySelector("[data-entered]");
    if (entered) {
      entered.textContent = data.entered;
    }
    var note = document.querySelector("[data-status-note]");
    if (note) {
      note.textContent = data.note;
      note.hidden = !data.note;
    }
    var open = data.status === "empty" || data.status === "in_progress";
    slice(form.querySelectorAll("[data-hand-in]")).forEach(function (button) {
      button.hidden = !open;
    });
    // the organisers' confirm form: offered once every game is in, for the version seen
    slice(document.querySelectorAll("[data-confirm]")).forEach(function (confirm) {
      confirm.hidden = data.missing.length > 0;
      confirm.querySelector("input[name=version]").value = String(data.version);
    });
    replaceConfirmations(data.confirmations);
  }

  // --- the players' confirmations ("Bestätigen") -----------------------------------------------
  // A player taps their number, then the sentence: the form goes in the background and the
  // answer's section (who has confirmed, for the version now) replaces the page's. Without the
  // script the form posts and the page comes back.

  function replaceConfirmations(html, said, kind) {
    var section = document.querySelector("[data-player-confirmations]");
    if (!section || !html) {
      return;
    }
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var fresh = holder.querySelector("[data-player-confirmations]");
    if (!fresh) {
      return;
    }
    section.parentNode.replaceChild(fresh, section);
    if (said) {
      confirmSaid(fresh, said, kind);
    }
  }

  function confirmSaid(section, text, kind) {
    var line = section.querySelector("[data-confirm-said]");
    if (line) {
      line.textContent = text;
      line.className = "confirm-said " + kind;
      line.hidden = !text;
    }
  }

  function confirmAsPlayer(event) {
    var confirmForm = event.target;
    if (!confirmForm.hasAttribute || !confirmForm.hasAttribute("data-player-confirm")) {
      return;
    }
    event.preventDefault();
    var button = confirmForm.querySelector("button");
    var section = document.querySelector("[data-player-confirmations]");
    var token = confirmForm.querySelector("input[name=csrfmiddlewaretoken]");
    if (button) {
      button.disabled = true;
    }
    post(confirmForm.action, new URLSearchParams(new FormData(confirmForm)),
      token ? token.value : "")
      .then(function (data) {
        if (!data || !data.outcome) {
          confirmForm.submit(); // not the app's answer: the plain form and its page
          return;
        }
        if (data.confirmations) {
          replaceConfirmations(data.confirmations, data.message, data.ok ? "success" : "error");
        } else {
          notify([data.message], "error");
          if (button) {
            button.disabled = false;
          }
        }
      })
      .catch(function () {
        if (button) {
          button.disabled = false;
        }
        if (section) {
          confirmSaid(section, section.getAttribute("data-msg-offline") || "", "error");
        }
      });
  }

  function answered(data) {
    var outcome = data.outcome;
    if (data.rows) {
      follow(data, outcome === "stale" ? data.conflicts : null);
    }
    if (data.changes) { // the games others changed: shown by sheet/changes.js
      form.dispatchEvent(new CustomEvent("sheet:changes", { detail: data.changes }));
    }
    store.outbox = null;
    if (outcome === "saved") {
      closedMessage = "";
      cards.forEach(function (card) {
        var errors = (data.errors || {})[numberOf(card)];
        if (errors) {
          showErrors(card, errors, data.columns[numberOf(card)]);
        } else if (card.classList.contains("previewed") && !store.drafts[numberOf(card)]) {
          showErrors(card, {}, []);
        }
      });
      notify(data.messages.concat(data.problems), data.problems.length ? "error" : "success");
      var first = Object.keys(data.errors || {})[0] || data.missing[0];
      if (first) {
        scrollTo(first);
      }
    } else if (outcome === "stale") {
      notify([data.message], "error");
      var conflict = form.querySelector("fieldset.game.conflict");
      scrollTo(conflict ? numberOf(conflict) : null);
    } else {
      if (outcome === "locked") {
        closedMessage = data.message;
        reported(data);
        lateList(keptLines());
      }
      notify([data.message], "error");
    }
    persist();
  }

  // --- saving --------------------------------------------------------------------------------

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(send, RETRY);
  }

  function send() {
    if (sending || !store.outbox) {
      showState();
      return;
    }
    clearTimeout(retryTimer);
    var outbox = store.outbox;
    outbox.sent = outbox.sent || {};
    each(store.drafts, function (number, draft) {
      outbox.sent[number] = (outbox.sent[number] || []).concat([draft.fields]);
    });
    sending = true;
    persist();
    showState();
    postDrafts(saveUrl, {
      csrfmiddlewaretoken: csrf ? csrf.value : "",
      sheet: form.getAttribute("data-sheet"),
      version: versionInput.value,
      save_id: outbox.id,
      action: outbox.action
    }, function (data) {
      sending = false;
      if (!data.outcome) {
        return lost();
      }
      answered(data);
      if (again) {
        request(again);
      }
      showState();
    }, lost);
  }

  /* No answer (no connection, or not the app's answer): the save waits and goes again. */
  function lost() {
    sending = false;
    showState();
    retryLater();
  }

  function request(action) {
    if (sending) {
      again = again === "submit" ? again : action;
      return;
    }
    again = null;
    cards.forEach(remember);
    if (!store.outbox) {
      store.outbox = { id: newId(), action: action };
    } else if (action === "submit") {
      store.outbox.action = action;
    }
    persist();
    send();
  }

  function submitted(event) {
    event.preventDefault();
    var submitter = event.submitter;
    request(submitter && submitter.value === "submit" ? "submit" : "save");
  }

  // --- start ---------------------------------------------------------------------------------

  function restore() {
    var pageVersion = parseInt(versionInput.value, 10);
    if (store.server.version > pageVersion) {
      // a page kept for offline use is older than what this device has seen since
      versionInput.value = String(store.server.version);
      each(store.server.rows, function (number, row) {
        var card = cardOf(number);
        if (card) {
          writeStored(card, row.stored);
          setStored(card, row.stored, row.points);
        }
      });
    } else {
      store.server = { version: pageVersion, rows: {} };
    }
    each(store.drafts, function (number, draft) {
      var card = cardOf(number);
      var stored = card ? storedOf(card) : {};
      if (!card || same(draft.fields, stored)) {
        delete store.drafts[number]; // the server has it
        return;
      }
      draft.reported = false; // the sheet takes games again
      writeRow(card, draft.fields);
      if (!same(draft.seen, stored) && !own(number, stored)) {
        showConflict(card, "");
        draft.seen = stored;
      }
    });
    if (store.outbox && !draftCount() && store.outbox.action !== "submit") {
      store.outbox = null;
    }
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
  form.addEventListener("keydown", keydown);
  form.addEventListener("submit", submitted);
  form.addEventListener("sheet:state", function (event) { follow(event.detail); });
  document.addEventListener("submit", confirmAsPlayer);
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
  if (store.outbox && navigator.onLine) {
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
