// Which pages get templates (page-sharing.server.ts), decided before React Router runs: the same
// route React Router would pick, including when a static route outranks an opted-in pattern, and
// still right past the bound of paths it remembers (a client asking for endless distinct paths).
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageSharing } from './page-sharing.server';

const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown, index?: boolean) => ({ id, parentId, path, index, module: { handle } });
const build = {
  routes: Object.fromEntries(
    [
      route('root', undefined, ''),
      route('practice-layout', 'root', undefined),
      route('practice-scoreboard', 'practice-layout', 'practices/scoreboard', { pageCache: 'shared' }),
      route('practice-challenges', 'practice-layout', 'practices/challenges', { pageCache: true }),
      route('event-layout', 'root', 'competes/:eventId'),
      route('event-scoreboard', 'event-layout', 'scoreboard', { pageCache: 'shared' }),
      route('event-home', 'event-layout', undefined, undefined, true),
      // A static route that React Router ranks above the opted-in `competes/:eventId/scoreboard`.
      route('archive-scoreboard', 'root', 'competes/archive/scoreboard'),
      route('me', 'root', 'me'),
    ].map((r) => [r.id, r]),
  ),
} as unknown as ServerBuild;

describe('page sharing', () => {
  const sharingAt = pageSharing(build);

  it("is the deepest matched route's handle.pageCache, and nothing for the pages that did not opt in", () => {
    expect(sharingAt('/practices/scoreboard')).toBe('shared');
    expect(sharingAt('/practices/challenges')).toBe(true);
    expect(sharingAt('/competes/7/scoreboard')).toBe('shared');
    expect(sharingAt('/competes/7')).toBeNull();
    expect(sharingAt('/me')).toBeNull();
    expect(sharingAt('/no-such-page')).toBeNull();
  });

  it('follows React Router where another route outranks an opted-in pattern', () => {
    expect(sharingAt('/competes/archive/scoreboard')).toBeNull();
  });

  it('stays right for endless distinct paths, past the paths it remembers', () => {
    for (let id = 0; id < 5_000; id++) expect(sharingAt(`/competes/${id}/scoreboard`)).toBe('shared');
    expect(sharingAt('/competes/archive/scoreboard')).toBeNull();
    expect(sharingAt('/practices/scoreboard')).toBe('shared');
  });
});
