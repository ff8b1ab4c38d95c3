// Testing Library's DOM matchers (toBeInTheDocument, toBeVisible, ...) for every ui test.
import '@testing-library/jest-dom/vitest';
