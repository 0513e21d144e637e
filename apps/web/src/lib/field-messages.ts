import { installFieldIssueMessages } from '@promovente/shared';

/**
 * Imported for its effect, by the router with every screen (app/router.tsx): a refused form
 * field is named in plain French, as the API does. Loading it with the screens keeps zod out of
 * the first load (docs/performance.md#static-files).
 */
installFieldIssueMessages();
