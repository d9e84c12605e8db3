// style-loader's `insert`: every <style> element a bundle adds carries the page's CSP nonce, which the server
// writes into <meta name="csp-nonce"> of each HTML answer, so the Content-Security-Policy can refuse any other
// inline style. Used by the shell and every remote alike (each bundle has its own webpack runtime, so a
// runtime-wide __webpack_nonce__ would have to be set eight times).
module.exports = function insertWithNonce(style) {
  var meta = document.querySelector('meta[name="csp-nonce"]');
  var nonce = meta && meta.getAttribute('content');
  if (nonce) style.setAttribute('nonce', nonce);
  document.head.appendChild(style);
};
