/* Meld picker: a button beside every meld field of the score sheet opens a list of the melds
 * (templates/scoring/_meld_picker.html); the scorekeeper taps what was laid out and the sum
 * goes into the field.
 *
 * The rules live only in scoring/melds.py: every change of the counts is sent, debounced, to the
 * meld-sum endpoint (data-url), which adds them up or says why they cannot have been laid out.
 * This script only counts taps and shows the answer; "Apply" writes the server's total into
 * the field and fires input and change so that the page's other scripts (points preview,
 * drafts) notice. Without a connection the dialog says so and nothing can be applied. Without
 * JavaScript (or without <dialog>) there is no button and the field is typed as before.
 */
(function () {
  "use strict";
  var form = document.getElementById("sheet-form");
  var dialog = document.getElementById("meld-picker");
  if (!form || !dialog || typeof dialog.showModal !== "function" || !window.fetch ||
      !window.URLSearchParams) {
    return;
  }
  var FIELD = /^g\d+-meld\d+$/;
  var DELAY = 250;
  var url = dialog.getAttribute("data-url");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  var rows = slice(dialog.querySelectorAll("li[data-meld]"));
  var codes = rows.map(function (row) { return row.getAttribute("data-meld"); });
  var forLine = dialog.querySelector("[data-meld-for]");
  var totalOut = dialog.querySelector("[data-meld-total]");
  var statusOut = dialog.querySelector("[data-meld-status]");
  var errorList = dialog.querySelector("[data-meld-errors]");
  var noteList = dialog.querySelector("[data-meld-notes]");
  var applyButton = dialog.querySelector("[data-meld-apply]");
  var playerBar = dialog.querySelector("[data-meld-players]");
  var playerButtons = slice(playerBar.querySelectorAll("button[data-player]"));

  var players = 1;        // players per party, as the server last said (2 at a pairs table)
  var memory = {};        // field name -> {counts, value} of the last apply
  var current = null;     // {input, opener, counts: [{code: n}, {code: n}], player}
  var sequence = 0;       // the answer to the latest request is the only one shown
  var timer = null;
  var total = null;       // the server's total for the counts shown, or null

  function slice(list) {
    return Array.prototype.slice.call(list);
  }

  function emptyCounts() {
    return [{}, {}];
  }

  function copyCounts(counts) {
    return counts.map(function (one) {
      var copy = {};
      Object.keys(one).forEach(function (code) { copy[code] = one[code]; });
      return copy;
    });
  }

  function fire(element, type) {
    var event;
    try {
      event = new Event(type, { bubbles: true });
    } catch (error) {
      event = document.createEvent("Event");
      event.initEvent(type, true, false);
    }
    element.dispatchEvent(event);
  }

  function list(element, messages) {
    element.innerHTML = "";
    (messages || []).forEach(function (message) {
      var item = document.createElement("li");
      item.textContent = message;
      element.appendChild(item);
    });
    element.hidden = element.children.length === 0;
  }

  function setState(name) {
    dialog.classList.remove("is-checking", "is-ok", "is-refused", "is-offline");
    dialog.classList.add(name);
    applyButton.disabled = name !== "is-ok";
  }

  /* The counts of the shown player in the list; the other player's total on its button. */
  function render() {
    var counts = current.counts[current.player];
    rows.forEach(function (row) {
      var code = row.getAttribute("data-meld");
      var count = counts[code] || 0;
      row.querySelector(".meld-count").textContent = String(count);
      row.querySelector(".meld-less").disabled = count === 0;
      row.classList.toggle("is-counted", count > 0);
    });
    playerBar.hidden = players < 2;
    playerButtons.forEach(function (button) {
      var index = parseInt(button.getAttribute("data-player"), 10);
      button.setAttribute("aria-pressed", index === current.player ? "true" : "false");
    });
  }

  function showPlayerTotals(parts) {
    playerButtons.forEach(function (button, index) {
      var out = button.querySelector("[data-player-total]");
      out.textContent = parts && parts.length > index ? "(" + parts[index] + ")" : "";
    });
  }

  function body() {
    var data = new URLSearchParams();
    data.append("seats", form.getAttribute("data-seats"));
    data.append("parties", form.getAttribute("data-parties"));
    data.append("event", form.getAttribute("data-event") || "");
    for (var index = 0; index < players; index += 1) {
      codes.forEach(function (code) {
        var count = current.counts[index][code] || 0;
        if (count) {
          data.append("p" + (index + 1) + "-" + code, String(count));
        }
      });
    }
    if (csrf) {
      data.append("csrfmiddlewaretoken", csrf.value);
    }
    return data;
  }

  function offline() {
    total = null;
    totalOut.textContent = "–";
    statusOut.textContent = "";
    list(errorList, [dialog.getAttribute("data-msg-offline")]);
    list(noteList, []);
    showPlayerTotals(null);
    setState("is-offline");
  }

  function answer(data) {
    statusOut.textContent = "";
    if (data.players && data.players.length > players) {
      players = data.players.length;
      render();
    }
    if (data.ok) {
      total = data.total;
      totalOut.textContent = String(data.total);
      list(errorList, []);
      list(noteList, data.notes);
      showPlayerTotals(players > 1 ? data.players : null);
      setState("is-ok");
    } else {
      total = null;
      totalOut.textContent = "–";
      list(errorList, data.errors);
      list(noteList, []);
      showPlayerTotals(null);
      setState("is-refused");
    }
  }

  function ask() {
    timer = null;
    var mine = sequence;
    fetch(url, {
      method: "POST",
      body: body(),
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf ? csrf.value : "", "Accept": "application/json" }
    })
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") !== 0) {
          throw new Error("no answer from the app");
        }
        return response.json();
      })
      .then(function (data) {
        if (mine !== sequence || !current) {
          return;
        }
        if (typeof data.ok !== "boolean") {
          offline();
          return;
        }
        answer(data);
      })
      .catch(function () {
        if (mine === sequence && current) {
          offline();
        }
      });
  }

  /* Counts changed: the shown total is no longer theirs until the server answers. */
  function changed(now) {
    sequence += 1;
    total = null;
    statusOut.textContent = dialog.getAttribute("data-msg-checking");
    setState("is-checking");
    clearTimeout(timer);
    if (now) {
      ask();
    } else {
      timer = setTimeout(ask, DELAY);
    }
  }

  function tap(event) {
    var button = event.target.closest ? event.target.closest("button") : null;
    if (!button || !current) {
      return;
    }
    var row = button.closest("li[data-meld]");
    if (row && (button.classList.contains("meld-more") || button.classList.contains("meld-less"))) {
      var counts = current.counts[current.player];
      var code = row.getAttribute("data-meld");
      var count = (counts[code] || 0) + (button.classList.contains("meld-more") ? 1 : -1);
      counts[code] = Math.max(0, count);
      render();
      changed(false);
      return;
    }
    if (button.hasAttribute("data-player")) {
      current.player = parseInt(button.getAttribute("data-player"), 10);
      render();
      return;
    }
    if (button.hasAttribute("data-meld-reset")) {
      current.counts = emptyCounts();
      render();
      changed(true);
    } else if (button.hasAttribute("data-meld-cancel")) {
      dialog.close();
    } else if (button.hasAttribute("data-meld-apply")) {
      apply();
    }
  }

  function apply() {
    if (!current || total === null || !dialog.classList.contains("is-ok")) {
      return;
    }
    var input = current.input;
    input.value = String(total);
    memory[input.name] = { counts: copyCounts(current.counts), value: input.value };
    fire(input, "input");
    fire(input, "change");
    dialog.close();
  }

  /* The dialog for one field: the counts applied to it last time, if it still holds their sum.
     ``opener`` gets the focus back when the dialog closes. */
  function open(input, opener) {
    var kept = memory[input.name];
    var game = input.closest("fieldset.game");
    var number = game ? game.getAttribute("data-number") : "";
    var label = input.getAttribute("aria-label") || input.name;
    current = {
      input: input,
      opener: opener,
      counts: kept && kept.value === input.value.trim() ? copyCounts(kept.counts) : emptyCounts(),
      player: 0
    };
    forLine.textContent = (number ? dialog.getAttribute("data-msg-game").replace("{number}", number) +
      " · " : "") + label;
    names(input);
    totalOut.textContent = "–";
    list(errorList, []);
    list(noteList, []);
    showPlayerTotals(null);
    render();
    dialog.showModal();
    changed(true);
  }

  /* At a pairs table the party's name is "Name / Name": each player's button gets one. */
  function names(input) {
    var row = input.closest("tr");
    var name = row ? row.querySelector(".name") : null;
    var parts = name ? name.textContent.split(" / ") : [];
    playerButtons.forEach(function (button, index) {
      var out = button.querySelector("[data-player-name]");
      out.textContent = parts.length === 2 ? " · " + parts[index].trim() : "";
    });
  }

  dialog.addEventListener("click", tap);
  dialog.addEventListener("close", function () {
    sequence += 1;
    clearTimeout(timer);
    var opener = current ? current.opener : null;
    current = null;
    if (opener) {
      opener.focus();
    }
  });

  slice(form.querySelectorAll("fieldset.game input")).forEach(function (input) {
    if (!FIELD.test(input.name) || input.disabled || input.readOnly) {
      return;
    }
    var wrap = document.createElement("span");
    wrap.className = "meld-cell";
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(input);
    var row = input.closest("tr");
    var name = row ? row.querySelector("th") : null;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "meld-open";
    button.textContent = "+";
    button.setAttribute("aria-haspopup", "dialog");
    button.setAttribute("aria-label", dialog.getAttribute("data-msg-open") +
      (name ? ": " + name.textContent.replace(/\s+/g, " ").trim() : ""));
    // Typing goes from field to field (meld, trick points, …) without stopping at the button;
    // from the keyboard the picker opens with Alt+Down in the meld field, as a list box does.
    button.tabIndex = -1;
    input.setAttribute("aria-keyshortcuts", "Alt+ArrowDown");
    wrap.appendChild(button);
    button.addEventListener("click", function () { open(input, button); });
    input.addEventListener("keydown", function (event) {
      if (event.altKey && (event.key === "ArrowDown" || event.key === "Down")) {
        event.preventDefault();
        open(input, input);
      }
    });
  });
  form.classList.add("has-meld-picker");
})();
