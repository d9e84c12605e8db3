/**
 * JSON for a <script> element: `<`, `>` and `&` are written as escapes, so no text (a title holding `</script>` or
 * `<!--`) can end the element; the line separators JavaScript once rejected are escaped too.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
