/* Offline pages: on a secure origin the service worker of the sheet links (its address in the
 * form's data-worker, templates/scoring/sheet_worker.js) keeps a link's page and its assets, so
 * that a reload without a connection shows the page again. */

/** Register the service worker named by ``form``'s data-worker (none at the desk). */
export function registerWorker(form) {
  const worker = form.getAttribute("data-worker");
  if (worker && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(worker, { scope: worker.replace(/[^/]*$/, "") })
      .catch(() => { /* the page works without it, only not offline after a reload */ });
  }
}
