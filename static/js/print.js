// Printouts: the "Print" button (hidden without JavaScript, where the browser's own Print
// command does the same) opens the print dialog.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
})();
