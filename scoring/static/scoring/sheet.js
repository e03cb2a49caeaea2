/* Score sheet: shows each row's points and the trick-point check while typing.
 *
 * The points come from the server (the rules live only in scoring/rules.py): each row is sent,
 * debounced, to the preview endpoint, which runs score_hand and stores nothing. Only the sum of
 * the trick points (data-trick-total, 250) and the running totals are added up here. Without JavaScript
 * the page works the same; the points then appear after saving.
 */
(function () {
  "use strict";
  var form = document.getElementById("sheet-form");
  if (!form || !window.fetch || !window.URLSearchParams) {
    return;
  }
  var previewUrl = form.getAttribute("data-preview-url");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  var cards = Array.prototype.slice.call(form.querySelectorAll("fieldset.game"));
  var timers = {};
  var sequence = {};
  var DELAY = 350;
  var TOTAL = parseInt(form.getAttribute("data-trick-total"), 10);

  function fields(card) {
    return Array.prototype.slice.call(card.querySelectorAll("input, select"));
  }

  function isNumber(text) {
    return /^-?\d+$/.test(text);
  }

  function checkTricks(card) {
    var out = card.querySelector("[data-trick-sum]");
    var kind = card.querySelector("select[name$='-kind']");
    var inputs = card.querySelectorAll("input[name*='-tricks']");
    var sum = 0;
    var filled = false;
    var readable = true;
    Array.prototype.forEach.call(inputs, function (input) {
      var value = input.value.trim();
      if (value === "") {
        return;
      }
      filled = true;
      if (/^\d+$/.test(value)) {
        sum += parseInt(value, 10);
      } else {
        readable = false;
      }
    });
    if (!out) {
      return;
    }
    if (!filled || (kind && kind.value === "conceded")) {
      out.textContent = "";
      out.className = "trick-sum";
      return;
    }
    out.textContent = form.getAttribute("data-msg-sum").replace("{sum}", readable ? sum : "?");
    out.className = "trick-sum " + (readable && sum === TOTAL ? "ok" : "bad");
  }

  function updateTotals() {
    var parties = parseInt(form.getAttribute("data-parties"), 10);
    var totals = [];
    for (var i = 0; i < parties; i += 1) {
      totals.push(0);
    }
    cards.forEach(function (card) {
      var cells = card.querySelectorAll("[data-points]");
      var counted = false;
      Array.prototype.forEach.call(cells, function (cell) {
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

  function show(card, data) {
    card.classList.add("previewed");
    Array.prototype.forEach.call(card.querySelectorAll("[data-points]"), function (cell) {
      var index = parseInt(cell.getAttribute("data-points"), 10);
      cell.textContent = data.points ? String(data.points[index]) : "";
    });
    Array.prototype.forEach.call(card.querySelectorAll("[aria-invalid]"), function (input) {
      input.removeAttribute("aria-invalid");
    });
    var list = card.querySelector(".live-errors");
    list.innerHTML = "";
    var errors = data.errors || {};
    Object.keys(errors).forEach(function (name) {
      var input = card.querySelector("[name$='-" + name + "']");
      if (input) {
        input.setAttribute("aria-invalid", "true");
      }
      errors[name].forEach(function (message) {
        var item = document.createElement("li");
        var label = name === "__all__" ? "" : labelFor(card, name);
        item.textContent = label ? label + ": " + message : message;
        list.appendChild(item);
      });
    });
    list.hidden = list.children.length === 0;
    card.classList.toggle("has-errors", list.children.length > 0);
    updateTotals();
  }

  function preview(card) {
    var number = card.getAttribute("data-number");
    var body = new URLSearchParams();
    fields(card).forEach(function (field) {
      if (field.name) {
        body.append(field.name, field.value);
      }
    });
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
          show(card, data);
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
    var number = card.getAttribute("data-number");
    clearTimeout(timers[number]);
    timers[number] = setTimeout(function () { preview(card); }, DELAY);
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  cards.forEach(checkTricks);
})();
