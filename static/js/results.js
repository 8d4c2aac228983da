// Result entry from the keyboard: on a board row, 1 = 1-0, "=" = draw, 0 = 0-1,
// "+" = white wins by forfeit, "-" = black wins by forfeit; arrows (or j/k) move between
// boards. After a result is saved the next board without a result gets the focus.
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "=": "1/2-1/2", "5": "1/2-1/2", "0": "0-1", "+": "+-", "-": "-+" };

  function rows() {
    return Array.prototype.slice.call(document.querySelectorAll("tr[data-game]"));
  }

  function focusRow(row) {
    if (row) {
      row.focus();
    }
  }

  function nextOpen(after) {
    var all = rows();
    var start = all.indexOf(after);
    for (var i = 1; i <= all.length; i++) {
      var row = all[(start + i) % all.length];
      if (!row.classList.contains("has-result")) {
        return row;
      }
    }
    return all[start + 1] || null;
  }

  document.addEventListener("keydown", function (event) {
    var row = event.target.closest && event.target.closest("tr[data-game]");
    if (!row || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") {
      return;
    }
    var result = KEYS[event.key];
    if (result) {
      var button = row.querySelector('button[name="result"][value="' + result + '"]');
      if (button) {
        event.preventDefault();
        button.click();
      }
      return;
    }
    var all = rows();
    var index = all.indexOf(row);
    if (event.key === "ArrowDown" || event.key === "j") {
      event.preventDefault();
      focusRow(all[index + 1]);
    } else if (event.key === "ArrowUp" || event.key === "k") {
      event.preventDefault();
      focusRow(all[index - 1]);
    }
  });

  // A cancelled correction (Cancel or Escape) gives the focus back to its own row.
  var cancelled = null;
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("tr[data-game] [data-cancel]");
    cancelled = link ? link.closest("tr[data-game]").id : cancelled;
  });

  function afterResult(id) {
    var row = document.getElementById(id);
    if (!row) {
      return;
    }
    var confirm = row.querySelector(".confirm-button");
    if (confirm) {
      confirm.focus();
    } else if (id === cancelled) {
      cancelled = null;
      focusRow(row);
    } else if (row.classList.contains("has-result")) {
      focusRow(nextOpen(row));
    } else {
      focusRow(row);
    }
  }

  // After the settle: until then htmx keeps the old row's attributes (its class) on the new
  // row, and it has already put the focus back on it.
  // The last result: the round's next step ("Pair round N+1", "Go to game 2", the final
  // standings) takes the focus once the status section shows it.
  function focusNextStep() {
    var open = rows().filter(function (row) {
      return !row.classList.contains("has-result");
    });
    var next = document.querySelector("#round-status [data-next]");
    if (!open.length && next) {
      next.focus();
    }
  }

  document.body.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (target && target.id && target.id.indexOf("game-") === 0) {
      afterResult(target.id);
    } else if (target && target.id === "round-status") {
      focusNextStep();
    }
  });
})();
