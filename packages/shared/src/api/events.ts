import { defineRoutes } from './route.js';

/**
 * The live events (docs/architecture.md, 'Live events'): one Server-Sent Events stream per
 * signed-in screen. Each `change` event names what changed and in which promotion (none: the
 * reader's own notifications or messages), only where the reader may see it; a `resync` tells the
 * screen that some were lost and it should ask again what it shows. The browser's EventSource
 * sends no header: the session may come from the `token` cookie the client keeps it in, and the
 * browser sends the last event's id back (Last-Event-ID) when it reconnects.
 */
export const EVENTS_API = defineRoutes({
  getEvents: {
    method: 'GET',
    path: '/events',
    summary: 'Flux des changements en direct (Server-Sent Events)',
    access: 'signedIn',
    sessionCookie: true,
    // The header's bell counts notifications on the settings page too.
    beforePasswordChange: true,
    response: { raw: 'text/event-stream' },
  },
});
