import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// A loaded CI machine (2 cores, the server suites beside) can take more than the default second
// to render a screen after its answer: the findBy queries wait up to 5 s, as a user would.
configure({ asyncUtilTimeout: 5000 });

// The files of a worker share one document (vitest.config.ts: no isolation for the web tests, whose
// jsdom cost 90 % of their time): each starts from an empty page, storage and address, and each test
// unmounts what it rendered.
beforeAll(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
});
