import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link as RouterLink, MemoryRouter, type LinkProps } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link';

const at = (link: typeof Link, props: LinkProps) =>
  renderToStaticMarkup(h(MemoryRouter, { initialEntries: ['/practices/challenges?x=1'] }, h(link, props, 'go')));

describe('Link on the server', () => {
  it('is not React Router’s own there (the test below would then compare a link with itself)', () => {
    expect(Link).not.toBe(RouterLink);
  });

  it('draws every target and option as React Router’s Link does', () => {
    const targets: LinkProps['to'][] = [
      '/', '/practices/challenges', '/practices/challenges?x=1&page=2', '/a/b/', '/teams/me?team=3#members', '/a//b', '//evil.example/x',
      '/a/./b', '/a/../b', '/x?', '/x#', '/files/a.txt', '/a b', '/a\\b', '/é', '?page=2', 'edit', '../up', '', 'https://example.com/x',
      { pathname: '/a', search: '?b=1' },
    ];
    const options: Partial<LinkProps>[] = [
      {}, { className: 'btn', 'aria-label': 'Open' }, { target: '_blank', rel: 'noopener' }, { discover: 'none' }, { preventScrollReset: true, replace: true },
      { reloadDocument: true }, { prefetch: 'intent' }, { prefetch: 'render' }, { state: { from: 1 }, viewTransition: true },
    ];
    for (const to of targets) for (const option of options) expect(at(Link, { to, ...option }), JSON.stringify({ to, ...option })).toBe(at(RouterLink, { to, ...option }));
  });
});
