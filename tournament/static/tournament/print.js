// Printouts: show the "Print" button (hidden without JavaScript) and let it open the print dialog.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
