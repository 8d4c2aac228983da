// A change sent with htmx (a result, a registration, a draft change) that fails must never
// look saved. When the network is down (htmx:sendError) or the server answers an error
// (htmx:responseError), an alert at the top of the page says what was not saved, and the row
// or form that sent it is marked; nothing on the page is replaced, so the arbiter can send it
// again. Polls of the public pages are left to live.js.
(function () {
  "use strict";

  function describe(element) {
    var row = element.closest && element.closest("tr");
    var cells = row ? row.querySelectorAll("td") : [];
    if (row && cells.length >= 4) {
      var board = cells[0].textContent.trim();
      return "Board " + board + " (" + cells[1].textContent.trim() + " – " +
        cells[3].textContent.trim() + ")";
    }
    return "Your change";
  }

  function alertBox() {
    var box = document.getElementById("request-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "request-error";
      box.className = "error-box request-error";
      box.setAttribute("role", "alert");
      var main = document.getElementById("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    return box;
  }

  function report(event, why) {
    var elt = event.detail.elt;
    var verb = (event.detail.requestConfig && event.detail.requestConfig.verb) || "";
    if (!elt || elt.hasAttribute("data-live") || verb.toLowerCase() === "get") {
      return;
    }
    var what = describe(elt);
    var result = event.detail.requestConfig && event.detail.requestConfig.parameters &&
      event.detail.requestConfig.parameters.result;
    var line = document.createElement("p");
    line.textContent = what + (result ? ": result " + result : "") + " was NOT saved — " + why +
      " Enter it again.";
    alertBox().appendChild(line);
    var marked = (elt.closest && elt.closest("tr")) || elt;
    marked.classList.add("not-saved");
    window.scrollTo({ top: 0 });
  }

  document.body.addEventListener("htmx:sendError", function (event) {
    report(event, "the server could not be reached (is the network down?).");
  });

  document.body.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : "";
    report(event, "the server answered with an error (" + status + ").");
  });

  // A later success clears the marks of that row and, once none is left, the alert. (After a
  // swap the sending form may be gone from the page: the settle of the new content counts too.)
  function clearIfAllSaved() {
    var box = document.getElementById("request-error");
    if (box && !document.querySelector(".not-saved")) {
      box.remove();
    }
  }

  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (!event.detail.successful) {
      return;
    }
    var elt = event.detail.elt;
    if (elt && elt.classList) {
      ((elt.closest && elt.closest("tr")) || elt).classList.remove("not-saved");
    }
    clearIfAllSaved();
  });

  document.body.addEventListener("htmx:afterSettle", clearIfAllSaved);
})();
