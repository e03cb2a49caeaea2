/* A file larger than its field takes (data-max-bytes) is refused in the browser, with the
 * field's message (data-too-large), before anything is sent: the server would refuse its upload
 * unread (core/limits.py, MAX_IMPORT_REQUEST_BYTES), the hall's server with a plain
 * English line. The form's own check on the server stays as it is.
 */
(function () {
  "use strict";
  document.querySelectorAll("input[type=file][data-max-bytes]").forEach(function (input) {
    var limit = parseInt(input.getAttribute("data-max-bytes"), 10);
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      var tooLarge = Boolean(file) && file.size > limit;
      input.setCustomValidity(tooLarge ? input.getAttribute("data-too-large") : "");
      if (tooLarge) {
        input.reportValidity();
      }
    });
    input.setAttribute("data-size-checked", "");  // the check is in place
  });
}());
