// Escape answers "Cancel" to the question on screen (a correction of a result, a draft change
// that breaks a rule, a destructive action): the Cancel link marked data-cancel is followed.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) {
      return;
    }
    var box = event.target.closest && event.target.closest(".confirm");
    var cancel = (box || document).querySelector(".confirm [data-cancel], [data-cancel]");
    if (cancel) {
      event.preventDefault();
      cancel.click();
    }
  });
})();
