import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders.tsx';
import { createTestSession } from '../test/renderApp.tsx';
import { MarkdownText } from './MarkdownText.tsx';

function renderMarkdown(source: string) {
  const view = render(
    <AppProviders session={createTestSession()} testEnvironment>
      <MarkdownText data-testid="markdown" empty={<span>nothing</span>}>
        {source}
      </MarkdownText>
    </AppProviders>,
  );
  return { ...view, root: () => screen.getByTestId('markdown') };
}

describe('MarkdownText', () => {
  it('renders emphasis, lists and code', () => {
    const { root } = renderMarkdown('**Bold** and *italic*\n\n- one\n- two\n\n`code`');
    expect(screen.getByText('Bold', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('italic', { selector: 'em' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(root().querySelector('code')).toHaveTextContent('code');
  });

  it('keeps raw HTML as visible, inert text', () => {
    const { root } = renderMarkdown(
      'Hello <b>world</b>\n\n<script>window.markdownInjected = true</script>\n\n<iframe src="https://example.com"></iframe>\n\n<img src=x onerror="window.markdownInjected = true">',
    );
    expect(root().querySelector('b, script, iframe, img, [onerror]')).toBeNull();
    expect(root()).toHaveTextContent('Hello <b>world</b>');
    expect(root()).toHaveTextContent('<script>window.markdownInjected = true</script>');
    expect((window as { markdownInjected?: boolean }).markdownInjected).toBeUndefined();
  });

  it('opens links in a new tab without access to the page, and drops unsafe URLs', () => {
    renderMarkdown(
      '[Site rules](https://example.com/rules), [mail](mailto:desk@example.com), [x](javascript:alert(1))',
    );
    const link = screen.getByRole('link', { name: 'Site rules (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://example.com/rules');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')!.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(screen.getByRole('link', { name: /mail/ })).toHaveAttribute('href', 'mailto:desk@example.com');
    expect(screen.queryByRole('link', { name: /^x/ })).not.toBeInTheDocument();
    expect(screen.getByText(/, x$/)).toBeInTheDocument();
  });

  it('never adds a heading to the page, and shows the text of images without loading them', () => {
    const { root } = renderMarkdown('# Safety first\n\n![A hard hat](https://example.com/hat.png)');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Safety first')).toBeInTheDocument();
    expect(root().querySelector('img')).toBeNull();
    expect(screen.getByText('A hard hat')).toBeInTheDocument();
  });

  it('shows the empty content for a blank text', () => {
    renderMarkdown('   ');
    expect(screen.getByText('nothing')).toBeInTheDocument();
    expect(screen.queryByTestId('markdown')).not.toBeInTheDocument();
  });
});
