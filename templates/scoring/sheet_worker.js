/* Service worker of the score sheet links (scope /zettel/): the sheet page and its assets stay
 * usable without a connection once opened. Pages and assets come from the network when it
 * answers (and are kept), from the cache when it does not. Saves, previews and everything of
 * the organisers go to the network untouched; the page's script queues saves itself. */
"use strict";
var CACHE = "binokel-sheets-{{ version }}";
var ASSETS = [{% for asset in assets %}"{{ asset|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var ROOT = "{{ link_root|escapejs }}";
var TOKEN = /^[A-Za-z0-9_-]{32,64}\/$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) {
        return Promise.all(ASSETS.map(function (asset) {
          return cache.add(asset).catch(function () { return null; });
        }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("binokel-sheets-") === 0 && name !== CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  var path = url.pathname;
  var sheet = path.indexOf(ROOT) === 0 && TOKEN.test(path.slice(ROOT.length));
  if (!sheet && ASSETS.indexOf(path) < 0) {
    return;
  }
  var cacheKey = url.origin + path;
  event.respondWith(
    fetch(request)
      .then(function (response) {
        if (response.status === 200) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { return cache.put(cacheKey, copy); });
        }
        return response;
      })
      .catch(function () {
        return caches.match(cacheKey).then(function (hit) { return hit || Response.error(); });
      })
  );
});
