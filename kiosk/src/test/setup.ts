// Testing Library's DOM matchers (toBeInTheDocument, toBeVisible, ...) for every kiosk test.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A screen's first render imports and transforms its code here (a small request in the browser):
// on a loaded machine that takes more than Testing Library's 1 s, so a test waits up to 5 s for
// what a user would see, as the admin app's tests do.
configure({ asyncUtilTimeout: 5000 });
