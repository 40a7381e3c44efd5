// dxscope: repair the address before the Go program reads it. go-app parses
// location.href with Go's url.Parse and stops the whole program on a link
// such as "#field=%ZZ" (a '%' not followed by two hex digits), so every '%'
// that starts no escape is written as "%25" before go-app sees the URL: at
// load (this script runs before the deferred app scripts) and on every
// popstate and hashchange (listeners added here run before go-app's
// onpopstate handler). The link keeps its meaning: the text reads the same.
(function () {
  "use strict";
  function repair() {
    var h = location.hash;
    if (!h || h.indexOf("%") < 0) return;
    var fixed = h.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
    if (fixed !== h) {
      history.replaceState(history.state, "", location.pathname + location.search + fixed);
      window.dxscopeRepairedLink = h; // for the page's message and the tests
    }
  }
  repair();
  window.addEventListener("popstate", repair, true);
  window.addEventListener("hashchange", repair, true);
})();
