// Marks the initializer of every top-level declaration of a module pure, so a browser build drops the ones no code
// uses. For @velvet/contracts, whose top-level declarations only define shapes, constants and helpers and never
// act on anything: the browser's entry of the package names what it offers, and the schemas it leaves out are
// then not in any bundle (webpack keeps an unused declaration whose initializer might have an effect).
const ts = require('typescript');

/** Initializers that are pure as written: nothing to mark. */
const PURE_AS_WRITTEN = new Set([
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
]);

module.exports = function pureDeclarationsLoader(source) {
  const file = ts.createSourceFile(this.resourcePath, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const { initializer } of statement.declarationList.declarations) {
      if (!initializer || PURE_AS_WRITTEN.has(initializer.kind)) continue;
      edits.push({ at: initializer.getStart(file), text: '/*#__PURE__*/ (() => (' });
      edits.push({ at: initializer.getEnd(), text: '))()' });
    }
  }
  let result = source;
  for (const { at, text } of edits.sort((a, b) => b.at - a.at)) result = result.slice(0, at) + text + result.slice(at);
  return result;
};
