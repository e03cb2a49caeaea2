/* Player registry: while a name is typed in the entry form, players of earlier tournaments are
 * suggested under the name field (player and partner); a tap fills the name (and, for the
 * player, the club) and the hidden player_id / partner_id, so that a regular is one tap.
 *
 * The matching lives only on the server (tournament/registry.py): the form's data-player-search
 * address answers {"players": [{id, name, club, last_event: {name, date} | null}]}. Typing in a
 * name field after a tap empties its hidden id again: the name typed then decides. Without
 * JavaScript the form works by name and the server asks about likely players itself.
 */
(function () {
  "use strict";
  var form = document.querySelector("form[data-player-search]");
  if (!form || !window.fetch || !window.URLSearchParams) {
    return;
  }
  var url = form.getAttribute("data-player-search");
  var minChars = parseInt(form.getAttribute("data-min-chars"), 10) || 2;
  var DELAY = 200;
  var club = form.querySelector("input[name=club]");

  function attach(nameField, idField, fillClub) {
    var input = form.querySelector("input[name=" + nameField + "]");
    var hidden = form.querySelector("input[name=" + idField + "]");
    if (!input || !hidden) {
      return;
    }
    var list = document.createElement("ul");
    list.className = "registry-suggestions";
    list.hidden = true;
    list.setAttribute("data-suggestions-for", nameField);
    input.setAttribute("autocomplete", "off");
    input.insertAdjacentElement("afterend", list);
    var timer = null;
    var sequence = 0;

    function close() {
      list.hidden = true;
      while (list.firstChild) {
        list.removeChild(list.firstChild);
      }
    }

    function describe(player) {
      var text = player.name;
      if (player.club) {
        text += ", " + player.club;
      }
      if (player.last_event) {
        var parts = player.last_event.date.split("-");
        text += " (" + player.last_event.name + ", " + parts[2] + "." + parts[1] + "." +
          parts[0] + ")";
      }
      return text;
    }

    function show(players) {
      close();
      players.forEach(function (player) {
        var item = document.createElement("li");
        var button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.setAttribute("data-player-id", String(player.id));
        button.textContent = describe(player);
        button.addEventListener("click", function () {
          input.value = player.name;
          hidden.value = String(player.id);
          if (fillClub && club && player.club) {
            club.value = player.club;
          }
          close();
          input.focus();
        });
        item.appendChild(button);
        list.appendChild(item);
      });
      list.hidden = players.length === 0;
    }

    function search() {
      var query = input.value.trim();
      var mine = ++sequence;
      if (query.length < minChars) {
        close();
        return;
      }
      var params = new URLSearchParams({ q: query });
      fetch(url + "?" + params.toString(), {
        credentials: "same-origin",
        headers: { Accept: "application/json" }
      })
        .then(function (response) { return response.ok ? response.json() : { players: [] }; })
        .then(function (data) {
          if (mine === sequence) {
            show(data.players || []);
          }
        })
        .catch(function () { close(); });
    }

    input.addEventListener("input", function () {
      hidden.value = "";
      clearTimeout(timer);
      timer = setTimeout(search, DELAY);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        close();
      }
    });
  }

  attach("name", "player_id", true);
  attach("partner_name", "partner_id", false);
})();
