import { useEffect, useState } from 'react';

/**
 * A control's own copy of a value the query cache holds, for a box that must follow the click at
 * once: the cache tells its readers a moment later (TanStack Query batches its notifications on a
 * timer), and until then React would put a controlled box back as it was. The copy follows the
 * cache whenever the cache's value changes (the server's answer, a refused change put back).
 */
export const useFollowedValue = <T>(cached: T) => {
  const [value, setValue] = useState(cached);
  useEffect(() => setValue(cached), [cached]);
  return [value, setValue] as const;
};
