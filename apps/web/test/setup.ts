import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; on a loaded machine the first render of a
// route (lazy imports, the fake API's promises) can take longer. Waiting longer never makes a
// failing assertion pass, it only stops slow machines from failing good ones.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // What a screen remembers per device (the timeline's zoom) does not leak into the next test.
  window.localStorage.clear();
});
