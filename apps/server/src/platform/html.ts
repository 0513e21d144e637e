/** Escapes text for HTML, then turns line breaks into <br> (spec part 2, 5). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const textToHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
