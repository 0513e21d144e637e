/** Escapes text for HTML, then turns line breaks into <br> (docs/product/validation.md#sales-pipeline-forms). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const textToHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
