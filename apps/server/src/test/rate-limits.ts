/**
 * The rate-limit counters are fixed 15-minute windows: a test whose attempts must fall in one
 * window starts it afresh when fewer than `seconds` are left in the current one.
 */
export const awayFromWindowEnd = async (seconds = 60) => {
  const windowMs = 15 * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
};
