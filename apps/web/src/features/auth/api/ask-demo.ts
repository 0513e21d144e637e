import { API, type AskDemoInput } from '@promovente/shared';
import { call } from '../../../lib/api-client';

/** POST askdemo; the screen shows the server's text when it fails. */
export const askDemo = (input: AskDemoInput) => call(API.askDemo, { body: input }, { quiet: true });
