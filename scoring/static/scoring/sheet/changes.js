/* Following the server: an open sheet page learns what others changed.
 *
 * About every half minute while the page is visible (at once when it becomes visible again or
 * the connection comes back) the page asks the sheet's version check (data-check-url: the
 * version and how many players' confirmations count). When either moved, it fetches the
 * sheet's state (data-state-url, in the shape of a save's answer) and hands it to the page
 * with a "sheet:state" event on the form, which the page follows.
 *
 * The state, and every save's answer ("sheet:changes" event), name the games others changed
 * since the page's version: each is shown in its game's row ("Spiel 7 wurde von der
 * Turnierleitung (Name) geändert: vorher …, jetzt …") until it is dismissed or typed over; the
 * notices stay on the device over a reload.
 *
 * The device is named by an id kept in localStorage and sent as the cookie "binokel-device"
 * (never in an address, so never in a log): the server leaves out the device's own changes.
 */

export const DEFAULT_SECONDS = 30;
const SEEN_KEPT = 200;

/* Seconds between two checks, from the form's data-check-seconds. */
export function checkSeconds(text) {
  const seconds = parseFloat(text);
  return seconds > 0 ? seconds : DEFAULT_SECONDS;
}

/* Whether to ask the server now. */
export function shouldCheck({ hidden, online, busy, stopped }) {
  return !hidden && online && !busy && !stopped;
}

/* Whether the check says the page is behind: a newer version, other confirmations, or the
   link no longer open. */
export function moved(check, page) {
  return check.version > page.version || check.confirmed !== page.confirmed ||
    (check.open === false && page.open !== false);
}

/* What a notice says happened to its game. */
export function noticeKind(notice) {
  if (!notice.before) {
    return "added";
  }
  return notice.after ? "changed" : "deleted";
}

/* The notice in words: messages.changed / .deleted / .added with {game}, {by}, {before},
   {after}. */
export function noticeText(notice, messages) {
  const template = messages[noticeKind(notice)] || "";
  return template.replace(/\{(game|by|before|after)\}/g, (whole, name) =>
    String(notice[name] === undefined ? "" : notice[name]));
}

/* The notices after ``changes`` (the server's, oldest first) came in: one per game, from the
   game as the page showed it to the game now, by who changed it last; a change already seen
   is left out, a game changed back to what the page showed loses its notice. Returns a new
   state ({notices: {game: notice}, seen: [ids]}). */
export function merge(state, changes) {
  const notices = { ...(state.notices || {}) };
  const seen = [...(state.seen || [])];
  [...(changes || [])].sort((a, b) => a.id - b.id).forEach((change) => {
    if (seen.includes(change.id)) {
      return;
    }
    seen.push(change.id);
    const game = String(change.game);
    const old = notices[game];
    const notice = {
      game: change.game,
      before: old ? old.before : change.before,
      after: change.after,
      by: change.by,
    };
    if (old && notice.before === notice.after) {
      delete notices[game];
    } else {
      notices[game] = notice;
    }
  });
  return { notices, seen: seen.slice(-SEEN_KEPT) };
}

/* The state without the notice of ``game`` (dismissed, or typed over). */
export function dismiss(state, game) {
  const notices = { ...(state.notices || {}) };
  delete notices[String(game)];
  return { notices, seen: [...(state.seen || [])] };
}

// --- the page ---------------------------------------------------------------------------------

function deviceId(storage) {
  let id = "";
  try {
    id = storage.getItem("binokel-device") || "";
  } catch (error) {
    id = "";
  }
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    try {
      storage.setItem("binokel-device", id);
    } catch (error) {
      /* blocked storage: this page keeps the id */
    }
  }
  return id;
}

export function start(form) {
  const checkUrl = form.getAttribute("data-check-url");
  const stateUrl = form.getAttribute("data-state-url");
  if (!checkUrl || !stateUrl || !window.fetch) {
    return;
  }
  const seconds = checkSeconds(form.getAttribute("data-check-seconds"));
  const key = "binokel-changes:" + location.pathname;
  const messages = {};
  ["changed", "deleted", "added", "dismiss"].forEach((name) => {
    messages[name] = form.getAttribute("data-msg-" + name) || "";
  });
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = "binokel-device=" + deviceId(window.localStorage) +
    "; path=/; max-age=31536000; samesite=strict" + secure;

  let state = { notices: {}, seen: [] };
  try {
    state = JSON.parse(window.localStorage.getItem(key) || "null") || state;
  } catch (error) {
    /* nothing kept */
  }
  let busy = false;
  let stopped = false;
  let open = true;
  let timer = null;

  function keep() {
    try {
      window.localStorage.setItem(key, JSON.stringify(state));
    } catch (error) {
      /* storage full or blocked: the notices stay on the page */
    }
  }

  function page() {
    const version = form.querySelector("input[name=version]");
    const section = document.querySelector("[data-player-confirmations]");
    return {
      version: parseInt(version ? version.value : "0", 10) || 0,
      confirmed: parseInt(section ? section.getAttribute("data-confirmed") : "0", 10) || 0,
      open: open,
    };
  }

  function show() {
    form.querySelectorAll("[data-change-notice]").forEach((note) => {
      if (!state.notices[note.getAttribute("data-change-notice")]) {
        note.remove();
      }
    });
    Object.values(state.notices).forEach((notice) => {
      const card = document.getElementById("g" + notice.game);
      if (!card) {
        return;
      }
      let note = card.querySelector("[data-change-notice]");
      if (!note) {
        note = document.createElement("p");
        note.className = "change-notice";
        note.setAttribute("role", "alert");
        note.setAttribute("data-change-notice", String(notice.game));
        card.querySelector("legend").insertAdjacentElement("afterend", note);
      }
      note.textContent = noticeText(notice, messages);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = messages.dismiss;
      button.addEventListener("click", () => forget(notice.game));
      note.appendChild(button);
    });
  }

  function forget(game) {
    if (state.notices[String(game)]) {
      state = dismiss(state, game);
      keep();
      show();
    }
  }

  function told(changes) {
    if (changes && changes.length) {
      state = merge(state, changes);
      keep();
      show();
    }
  }

  function getJson(url) {
    return fetch(url, {
      credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" },
    }).then((response) => (response.ok ? response.json() : null));
  }

  function follow() {
    const since = page().version;
    return getJson(stateUrl + "?version=" + since).then((data) => {
      if (!data || !data.rows) {
        return;
      }
      if (data.version >= page().version) {
        form.dispatchEvent(new CustomEvent("sheet:state", { detail: data }));
      }
      told(data.changes);
    });
  }

  function check() {
    busy = true;
    return getJson(checkUrl)
      .then((answer) => {
        if (!answer) {
          return null;
        }
        const behind = moved(answer, page());
        open = answer.open !== false;
        stopped = !open;
        return behind ? follow() : null;
      })
      .catch(() => { /* no connection: asked again later */ })
      .then(() => { busy = false; });
  }

  function schedule() {
    clearTimeout(timer);
    if (!stopped) {
      timer = setTimeout(tick, seconds * 1000);
    }
  }

  function tick() {
    const now = { hidden: document.hidden, online: navigator.onLine, busy, stopped };
    if (shouldCheck(now)) {
      check().then(schedule);
    } else {
      schedule();
    }
  }

  form.addEventListener("sheet:changes", (event) => told(event.detail));
  form.addEventListener("input", (event) => {
    const card = event.isTrusted && event.target.closest
      ? event.target.closest("fieldset.game") : null;
    if (card) {
      forget(card.getAttribute("data-number"));
    }
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) {
      tick();
    }
  });
  window.addEventListener("online", tick);
  show();
  schedule();
}

if (typeof document !== "undefined") {
  const form = document.getElementById("sheet-form");
  if (form) {
    start(form);
  }
}
