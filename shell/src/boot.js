/* global document, requestAnimationFrame, setTimeout */
// The page's first script: it loads the shell only once the server's HTML has painted, so a phone shows the first
// screen while the shell downloads rather than after it has run. A hidden tab draws no frame
// (requestAnimationFrame waits until it is shown), so it loads the shell at once. The shell comes in several files
// (data-app, space-separated), all requested at once; each runs as it arrives and the last one starts the shell.
(function () {
  var boot = document.currentScript;
  function load() {
    boot
      .getAttribute('data-app')
      .split(' ')
      .forEach(function (src) {
        var script = document.createElement('script');
        script.src = src;
        document.body.appendChild(script);
      });
  }
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
