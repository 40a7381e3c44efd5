// dxscope: keep a file chosen or dropped before the decoder is live. The
// page's HTML (file input, drop target) shows at once, but the Go program
// that reads files starts only once app.wasm has loaded; until then this
// script holds the files in window.dxscopePendingFiles (several chosen or
// dropped together are a pipeline), says they will open, and stops the
// browser from navigating away to a dropped file. The app opens the held
// files when it mounts (app/load.go openPending).
(function () {
  "use strict";
  function live() { return window.dxscopeReady === true; }
  function keep(files) {
    if (!files || !files.length) return;
    window.dxscopePendingFiles = Array.prototype.slice.call(files, 0);
    var loader = document.getElementById("app-wasm-loader");
    if (!loader) return;
    var note = document.getElementById("pending-file");
    if (!note) {
      note = document.createElement("p");
      note.id = "pending-file";
      note.className = "goapp-label pending-file";
      loader.appendChild(note);
    }
    var names = window.dxscopePendingFiles.map(function (f) { return f.name; });
    note.textContent = names.length === 1 ? names[0] + " opens as soon as the decoder has loaded."
      : names.slice(0, -1).join(", ") + " and " + names[names.length - 1] + " open together as soon as the decoder has loaded.";
  }
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (live() || !t || t.id !== "file-input" || !t.files || !t.files.length) return;
    keep(t.files);
  }, true);
  window.addEventListener("dragover", function (e) { if (!live()) e.preventDefault(); }, true);
  window.addEventListener("drop", function (e) {
    if (live()) return;
    e.preventDefault();
    var dt = e.dataTransfer;
    if (dt && dt.files && dt.files.length) keep(dt.files);
  }, true);
})();
