import { LinkifyIt } from 'linkify-it';

/** Escapes text for HTML (docs/product/validation.md#sales-pipeline-forms). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The addresses a text gives: http(s) links, www. and domain names ('hauts-de-rolle.ch') and
 * e-mail addresses, with the trailing punctuation of a sentence left out (linkify-it, the
 * linkifier of markdown-it). No ftp: or protocol-relative '//' links.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).add('ftp:', null).add('//', null);

const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/**
 * Plain text as HTML: escaped, line breaks as <br>, and every address the text gives as a real
 * link (an e-mail's HTML part has the links of its text part).
 */
export const textToHtml = (text: string) => {
  const matches = linkify.match(text) ?? [];
  let html = '';
  let from = 0;
  for (const match of matches) {
    html += escapeLines(text.slice(from, match.index));
    html += `<a href="${escapeHtml(match.url)}">${escapeHtml(match.text)}</a>`;
    from = match.lastIndex;
  }
  return html + escapeLines(text.slice(from));
};
