// Testing Library's DOM matchers (toBeInTheDocument, toBeVisible, ...) for every kiosk test.
import '@testing-library/jest-dom/vitest';
