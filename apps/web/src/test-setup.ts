import { configure } from '@testing-library/react';

// A loaded CI machine (2 cores, the server suites beside) can take more than the default second
// to render a screen after its answer: the findBy queries wait up to 5 s, as a user would.
configure({ asyncUtilTimeout: 5000 });
