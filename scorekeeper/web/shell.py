"""The phone page's offline shell: a service worker (``GET /phone-sw.js``, scope ``/phone``) that
keeps what the page needs to draw itself, so that a reload with no network still opens it.

A browser runs a service worker only in a secure context: https, or this computer
(``localhost``, ``127.0.0.1``). The page registers it only there (``window.isSecureContext``);
on plain http at a LAN address the page once loaded still survives a blink and reconnects by
itself, but a reload with no network does not open it (docs/guide, "Phones at the table").

What the worker keeps (the shell): the page in each of our languages and as the browser asked
for it, its icon and its manifest. The page holds no score: every view, the standings and the
chart come from ``/api`` and ``/events``, which the worker never answers and never keeps, and
the join code stays in the page's own storage. A navigation to the page goes to the network
first (its answer kept as the new shell); only when the network fails, or is silent for
:data:`SILENT` seconds with a kept copy at hand, the kept page answers. That page says it is
not connected and shows no totals until the table answers; its event stream connects again
by itself and the current state is drawn then.

The worker's text carries the shell's version, a digest of everything it keeps: a new page
(a new release, another catalog) is a new worker, which the browser installs at the next
navigation with the network; it keeps the new shell under a new name and deletes the old one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from ..i18n import LANGUAGES

__all__ = ["PAGES", "PARTS", "SILENT", "WORKER_PATH", "shell_version", "worker_script"]

WORKER_PATH = "/phone-sw.js"  # beside the page, so that the page's path is within its reach
SCOPE = "/phone"
PAGES = (SCOPE,) + tuple(f"{SCOPE}?lang={code}" for code in LANGUAGES)  # the page as opened, and in each language
PARTS = ("/icon.svg", "/manifest.webmanifest")  # what else the page shows or names
SILENT = 4  # seconds a navigation waits for the network before a kept page answers

_WORKER = r""""use strict";
// The phone page's offline shell (scorekeeper.web.shell): keeps the page, its icon and manifest;
// never the table's answers (/api, /events, the chart), never the join code.
var VERSION = %(version)s, PREFIX = "scorekeeper-shell-", SHELL = PREFIX + VERSION;
var PAGES = %(pages)s, PARTS = %(parts)s, SILENT = %(silent)s;
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(PAGES.concat(PARTS).map(function (u) { return new Request(u, {cache: "no-store"}); }));
  }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {  // a new shell replaces the old one
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== SHELL; })
                            .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});
function kept(cache, key) {
  return cache.match(key, {ignoreVary: true}).then(function (found) {
    return found || cache.match(PAGES[0], {ignoreVary: true});
  });
}
function page(request, key) {  // the network first; the kept page when it fails or stays silent
  return caches.open(SHELL).then(function (cache) {
    var fresh = fetch(request).then(function (response) {
      if (response.ok) { cache.put(key, response.clone()); }
      return response;
    });
    var silent = new Promise(function (resolve) {
      setTimeout(function () { kept(cache, key).then(function (found) { if (found) { resolve(found); } }); }, SILENT * 1000);
    });
    var failed = fresh.catch(function () {
      return kept(cache, key).then(function (found) { return found || Response.error(); });
    });
    return Promise.race([failed, silent]);
  });
}
self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate" && url.pathname === PAGES[0]) {
    event.respondWith(page(request, url.pathname + url.search));
  } else if (PARTS.indexOf(url.pathname) >= 0 && !url.search) {
    event.respondWith(caches.open(SHELL).then(function (cache) {
      return fetch(request).catch(function () {
        return cache.match(url.pathname, {ignoreVary: true}).then(function (found) { return found || Response.error(); });
      });
    }));
  }
  // anything else (the table's answers, its events, the chart, the board) is the network's alone
});
"""


def shell_version(parts: Iterable[str | bytes]) -> str:
    """The shell's version: a digest of everything it keeps (``parts``, in a fixed order)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:16]


def worker_script(version: str) -> str:
    """The service worker's text for the shell of ``version``."""
    return _WORKER % {"version": json.dumps(version), "pages": json.dumps(list(PAGES)),
                      "parts": json.dumps(list(PARTS)), "silent": SILENT}
