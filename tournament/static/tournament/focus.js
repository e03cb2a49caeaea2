/* Where the next typing goes (the entry form, the Kasse): the field marked autofocus has the
 * focus once the page is loaded, also when the page opens at an anchor of a list (#nr-12; the
 * browser skips autofocus then), without scrolling away from it; and every typing field of a
 * form marked data-select-on-focus selects its content when it gets the focus, by tap, click or
 * key, so that what is typed replaces it.
 */

const TYPING_TYPES = new Set(["text", "search", "number", "tel", "email", "url", "password"]);

/** Whether ``field`` is one a person types a value into (a one-line input), which selects its
 * content on focus; a check box, a button or a multi-line note does not. */
export function selectsOnFocus(field) {
  if (!field || field.tagName !== "INPUT") {
    return false;
  }
  return TYPING_TYPES.has((field.getAttribute("type") || "text").toLowerCase());
}

/** The handlers that select a typing field's content when it gets the focus. A click or tap
 * places the caret after the focus (at mousedown); the mouseup of the click that focused the
 * field selects the content again and keeps the browser from moving the caret. */
export function selectionKeeper() {
  let justFocused = null;
  return {
    focusin(event) {
      justFocused = null;
      if (selectsOnFocus(event.target)) {
        event.target.select();
        justFocused = event.target;
      }
    },
    mouseup(event) {
      if (justFocused !== null && event.target === justFocused) {
        event.preventDefault();
        justFocused.select();
      }
      justFocused = null;
    },
    focusout() {
      justFocused = null;
    },
  };
}

/** Select on focus in every typing field of ``root``. */
export function selectOnFocus(root) {
  const keeper = selectionKeeper();
  for (const type of ["focusin", "mouseup", "focusout"]) {
    root.addEventListener(type, keeper[type]);
  }
}

/** Give the autofocus field of ``doc`` the focus if nothing has it (the page opened at an
 * anchor), without scrolling; a field focused before this module ran gets its content
 * selected all the same. */
export function focusWhereTypingGoes(doc) {
  const field = doc.querySelector("[autofocus]");
  if (!field) {
    return;
  }
  const active = doc.activeElement;
  if (active === null || active === doc.body) {
    field.focus({ preventScroll: true });
  }
  if (doc.activeElement === field && selectsOnFocus(field) && field.closest("[data-select-on-focus]")) {
    field.select();
  }
}

if (typeof document !== "undefined") {
  for (const form of document.querySelectorAll("[data-select-on-focus]")) {
    selectOnFocus(form);
  }
  focusWhereTypingGoes(document);
  if (location.hash) {
    // the browser takes the focus away when it has scrolled to the anchor, after the load
    addEventListener("load", () => requestAnimationFrame(() => focusWhereTypingGoes(document)), {
      once: true,
    });
  }
}
