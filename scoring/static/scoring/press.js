// Press report: the "Copy" button copies the (edited) text; without the clipboard API the text
// is selected for Ctrl+C. Without JavaScript the button stays hidden.
document.querySelectorAll("[data-copy]").forEach((button) => {
  const field = document.getElementById(button.dataset.copy);
  const status = document.querySelector("[data-copy-status]");
  if (!field) return;
  button.hidden = false;
  const say = (text) => { if (status) status.textContent = text; };
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      say(button.dataset.copied);
    } catch (error) {
      field.focus();
      field.select();
      try {
        document.execCommand("copy");
        say(button.dataset.copied);
      } catch (ignored) {
        say(button.dataset.select);
      }
    }
  });
});
