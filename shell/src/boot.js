/* global document, requestAnimationFrame, setTimeout */
// The page's first script: it loads the shell only once the server's HTML has painted, so a phone shows the first
// screen while the shell downloads rather than after it has run. A hidden tab draws no frame
// (requestAnimationFrame waits until it is shown), so it loads the shell at once.
(function () {
  var boot = document.currentScript;
  function load() {
    var shell = document.createElement('script');
    shell.src = boot.getAttribute('data-app');
    document.body.appendChild(shell);
  }
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
