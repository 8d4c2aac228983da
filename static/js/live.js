// Live public pages. The section of the page asks for itself every few seconds (htmx
// hx-trigger="every 2s"); the server answers 304 while the tournament's revision is unchanged
// and the browser hands htmx its cached copy. Swapping that copy in would close an open
// <details> and lose a text selection every poll, so it is skipped: only a new revision swaps.
// While a poll fails (no network) the section says so, and the polling goes on.
(function () {
  "use strict";

  function revisionOf(xhr) {
    var match = /"(\d+)-/.exec(xhr.getResponseHeader("ETag") || "");
    return match ? match[1] : null;
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
    var revision = revisionOf(event.detail.xhr);
    if (revision !== null && revision === target.getAttribute("data-revision")) {
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
