// dxscope: keep a file chosen or dropped before the decoder is live. The
// page's HTML (file input, drop target) shows at once, but the Go program
// that reads files starts only once app.wasm has loaded; until then this
// script holds the file in window.dxscopePendingFile, says it will open, and
// stops the browser from navigating away to a dropped file. The app opens
// the held file when it mounts (app/load.go openPending).
(function () {
  "use strict";
  function live() { return window.dxscopeReady === true; }
  function keep(file) {
    if (!file) return;
    window.dxscopePendingFile = file;
    var loader = document.getElementById("app-wasm-loader");
    if (!loader) return;
    var note = document.getElementById("pending-file");
    if (!note) {
      note = document.createElement("p");
      note.id = "pending-file";
      note.className = "goapp-label pending-file";
      loader.appendChild(note);
    }
    note.textContent = file.name + " opens as soon as the decoder has loaded.";
  }
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (live() || !t || t.id !== "file-input" || !t.files || !t.files.length) return;
    keep(t.files[0]);
  }, true);
  window.addEventListener("dragover", function (e) { if (!live()) e.preventDefault(); }, true);
  window.addEventListener("drop", function (e) {
    if (live()) return;
    e.preventDefault();
    var dt = e.dataTransfer;
    if (dt && dt.files && dt.files.length) keep(dt.files[0]);
  }, true);
})();
