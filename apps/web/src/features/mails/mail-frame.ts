/**
 * The document a local e-mail is shown in (docs/product/mails.md): its HTML part inside a frame
 * sandboxed without scripts, forms or same-origin rights, under a policy that loads nothing
 * (no script, image or font from anywhere); its links open in a new tab, out of the sandbox, so
 * that an invitation or a reset opens the product as the recipient would.
 */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export const mailFrameDocument = (html: string) =>
  [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<base target="_blank">',
    '<style>body{margin:12px;color:#0f172a}a{color:#0369a1}</style>',
    `</head><body>${html}</body></html>`,
  ].join('');
