// Live public pages. The section of the page asks for itself every few seconds (htmx
// hx-trigger="every 2s"); the server answers 304 while the tournament's revision is unchanged
// and the browser hands htmx its cached copy. Swapping that copy in would close an open
// <details> and lose a text selection every poll, so it is skipped: only a new revision (or another view: a search) swaps.
// While a poll fails (no network) the section says so, and the polling goes on.
(function () {
  "use strict";

  // ETag "revision-poll seconds-view": the view tells a "find my board" answer from the
  // list it filters (same revision, other content).
  function versionOf(xhr) {
    var match = /"(\d+)-\d+-(\w+)"/.exec(xhr.getResponseHeader("ETag") || "");
    return match ? { revision: match[1], view: match[2] } : null;
  }

  function isLive(element) {
    return element && element.hasAttribute && element.hasAttribute("data-live");
  }

  function setOffline(section, offline) {
    var note = section.querySelector(".offline-note");
    if (offline && !note) {
      note = document.createElement("p");
      note.className = "offline-note";
      note.setAttribute("role", "status");
      note.textContent = "No connection: the page will update when it is back.";
      section.insertBefore(note, section.firstChild);
    } else if (!offline && note) {
      note.remove();
    }
  }

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!isLive(target) || !event.detail.xhr) {
      return;
    }
    var version = versionOf(event.detail.xhr);
    if (
      version !== null &&
      version.revision === target.getAttribute("data-revision") &&
      version.view === target.getAttribute("data-view")
    ) {
      event.detail.shouldSwap = false;
      setOffline(target, false);
    }
  });

  document.body.addEventListener("htmx:sendError", function (event) {
    if (isLive(event.detail.elt)) {
      setOffline(event.detail.elt, true);
    }
  });
})();
