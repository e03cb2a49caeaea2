/* The players' confirmations ("Bestätigen"): a player taps their number, then the sentence; the
 * form goes in the background and the answer's section (who has confirmed, for the version now)
 * replaces the page's. Without the script the form posts and the page comes back. */

import { post } from "./outbox.js";

function confirmSaid(section, text, kind) {
  const line = section.querySelector("[data-confirm-said]");
  if (line) {
    line.textContent = text;
    line.className = "confirm-said " + kind;
    line.hidden = !text;
  }
}

/** Put the section of ``html`` (the server's rendering) in place of the page's; ``said`` is
 * the line under it. Returns the new section, or null. */
export function replaceConfirmations(html, said, kind) {
  const section = document.querySelector("[data-player-confirmations]");
  if (!section || !html) {
    return null;
  }
  const holder = document.createElement("div");
  holder.innerHTML = html.trim();
  const fresh = holder.querySelector("[data-player-confirmations]");
  if (!fresh) {
    return null;
  }
  section.parentNode.replaceChild(fresh, section);
  if (said) {
    confirmSaid(fresh, said, kind);
  }
  return fresh;
}

/** Send the players' confirm forms in the background (``notify`` shows a page message). */
export function attachConfirmations(notify) {
  document.addEventListener("submit", (event) => {
    const confirmForm = event.target;
    if (!confirmForm.hasAttribute || !confirmForm.hasAttribute("data-player-confirm")) {
      return;
    }
    event.preventDefault();
    const button = confirmForm.querySelector("button");
    const section = document.querySelector("[data-player-confirmations]");
    const token = confirmForm.querySelector("input[name=csrfmiddlewaretoken]");
    if (button) {
      button.disabled = true;
    }
    post(confirmForm.action, new URLSearchParams(new FormData(confirmForm)),
      token ? token.value : "")
      .then((data) => {
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
      .catch(() => {
        if (button) {
          button.disabled = false;
        }
        if (section) {
          confirmSaid(section, section.getAttribute("data-msg-offline") || "", "error");
        }
      });
  });
}
