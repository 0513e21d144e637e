/** What the admin's view of kept e-mails shows instead of a secret. */
export const MASKED = '[masqué]';

/**
 * Secrets that e-mails carry to their recipient and nobody else: a password reset link's token,
 * an e-mailed password, a reservation form's link (it opens the form without signing in). The
 * stored e-mail keeps them, since it is what gets delivered; the admin's view hides them.
 */
const SECRETS: [RegExp, string][] = [
  [/(\/password\/update\/)[^\s?#]+/g, `$1${MASKED}`],
  [/(\/candidate\/form\/)[^\s?#]+/g, `$1${MASKED}`],
  [/^(Mot de passe : ).+$/gm, `$1${MASKED}`],
];

export const maskSecrets = (text: string) => SECRETS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
