import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { listEvents } from './events.server';
import { BLACK_FRIDAY_TYPES, nextFriday, runsOnFridays } from './fridays';

const DAY = 24 * 3600 * 1000;

describe('Black Friday runs every Friday', () => {
  it('offers the coming Friday, 00:00 to 23:59 UTC (on a Friday, the next week\'s)', () => {
    expect(nextFriday(new Date('2026-11-25T15:00:00Z'))).toEqual({ start_date: '2026-11-27T00:00', end_date: '2026-11-27T23:59' }); // Wednesday
    expect(nextFriday(new Date('2026-11-26T23:59:59Z'))).toEqual({ start_date: '2026-11-27T00:00', end_date: '2026-11-27T23:59' }); // Thursday night
    expect(nextFriday(new Date('2026-11-27T00:00:00Z'))).toEqual({ start_date: '2026-12-04T00:00', end_date: '2026-12-04T23:59' }); // Friday
    expect(nextFriday(new Date('2026-11-28T09:00:00Z'))).toEqual({ start_date: '2026-12-04T00:00', end_date: '2026-12-04T23:59' }); // Saturday
    expect(nextFriday(new Date('2026-12-30T12:00:00Z'))).toEqual({ start_date: '2027-01-01T00:00', end_date: '2027-01-01T23:59' }); // across a year
  });

  it('is the type whose play earns coins, read from the registry', () => {
    expect(BLACK_FRIDAY_TYPES).toEqual(['black-friday']);
    expect(runsOnFridays('black-friday')).toBe(true);
    expect(runsOnFridays('online')).toBe(false);
    expect(runsOnFridays(null)).toBe(false);
  });

  it('lists the next black-friday event first (running, else coming), then the others newest first, across pages', async () => {
    const now = Date.now();
    const make = (name: string, start: number, end: number) =>
      db.event.create({ data: { name, type: 'black-friday', description: '<p>Friday.</p>', startDate: new Date(now + start), endDate: new Date(now + end) } });
    const ended = await make('ended', -14 * DAY, -13 * DAY);
    const far = await make('far', 14 * DAY, 15 * DAY);
    const soon = await make('soon', 7 * DAY, 8 * DAY);
    const ids = async (page: number, pageSize = 6) => (await listEvents(null, { type: 'black-friday', page, pageSize })).results.map((v) => v.event.name);

    // Nothing running: the coming one leads, though another starts later.
    expect(await ids(1)).toEqual(['soon', 'far', 'ended']);
    const running = await make('running', -DAY, DAY);
    expect(await ids(1)).toEqual(['running', 'far', 'soon', 'ended']);
    expect((await listEvents(null, { type: 'black-friday', page: 1, pageSize: 2 })).count).toBe(4);
    expect([...(await ids(1, 2)), ...(await ids(2, 2)), ...(await ids(3, 2))]).toEqual(['running', 'far', 'soon', 'ended']);
    expect([...(await ids(1, 3)), ...(await ids(2, 3))]).toEqual(['running', 'far', 'soon', 'ended']);

    // Other types keep newest start first.
    await db.event.create({ data: { name: 'online running', type: 'online', description: '<p>x</p>', startDate: new Date(now - DAY), endDate: new Date(now + DAY) } });
    await db.event.create({ data: { name: 'online coming', type: 'online', description: '<p>x</p>', startDate: new Date(now + DAY), endDate: new Date(now + 2 * DAY) } });
    expect((await listEvents(null, { type: 'online', page: 1, pageSize: 6 })).results.map((v) => v.event.name)).toEqual(['online coming', 'online running']);
    expect([ended, far, soon, running].every(Boolean)).toBe(true);
  });
});
