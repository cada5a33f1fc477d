import { describe, expect, it } from 'vitest';
import { exportHref } from './export-links';

describe('exportHref', () => {
  it("is the page's path plus /export, with the filters the page applied and the format", () => {
    expect(exportHref('/practices/submissions', { state: 'pending', q: 'a&b c' }, 'csv')).toBe('/practices/submissions/export?state=pending&q=a%26b+c&format=csv');
    expect(exportHref('/competes/4/scoreboard/', {}, 'xlsx')).toBe('/competes/4/scoreboard/export?format=xlsx');
    // An empty filter is no filter.
    expect(exportHref('/practices/users', { q: '' }, 'csv')).toBe('/practices/users/export?format=csv');
  });
});
