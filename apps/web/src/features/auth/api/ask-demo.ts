import type { AskDemoInput } from '@promovente/shared';
import { api } from '../../../lib/api';

/** POST askdemo; the screen shows the server's text when it fails. */
export const askDemo = (input: AskDemoInput) => api.post<{ message: string }>('askdemo', input, { quiet: true });
