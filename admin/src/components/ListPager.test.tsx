import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders.tsx';
import { createTestSession } from '../test/renderApp.tsx';
import { ListPager } from './ListPager.tsx';

function renderPager(props: { total: number | null; capped?: boolean; page: number; limit: number }) {
  render(
    <AppProviders session={createTestSession()} testEnvironment>
      <ListPager name="things" label="Pages of things" onPage={() => undefined} onLimit={() => undefined} {...props} />
    </AppProviders>,
  );
  return screen.getByTestId('things-range');
}

describe('ListPager', () => {
  it('says which rows are shown of how many', () => {
    expect(renderPager({ total: 45, page: 3, limit: 20 })).toHaveTextContent('41–45 of 45');
  });

  it('says "more than" when the server stopped counting, and offers the pages it counted', () => {
    expect(renderPager({ total: 10_001, capped: true, page: 2, limit: 25 })).toHaveTextContent(
      '26–50 of more than 10000',
    );
    expect(screen.getByRole('button', { name: 'Page 401' })).toBeInTheDocument();
  });
});
