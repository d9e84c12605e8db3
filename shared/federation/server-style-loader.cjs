// The CSS rule of node builds: there is no document to add a <style> to, so each style sheet's text (css-loader,
// exportType string) is kept per build scope (the remote's federation name) for the server to write into the
// page's head, and the first paint is styled before any script runs.
module.exports = function serverStyleLoader() {};

module.exports.pitch = function pitch(request) {
  const { scope } = this.getOptions();
  const sheet = JSON.stringify(this.utils.contextify(this.context, `!!${request}`));
  const key = JSON.stringify(this.utils.contextify(this.rootContext, this.resourcePath));
  return `import css from ${sheet};
const sheets = (globalThis.__VELVET_SERVER_STYLES__ ??= {});
(sheets[${JSON.stringify(scope)}] ??= new Map()).set(${key}, css);
export default css;`;
};
