import { describe, expect, it } from 'vitest';
import { readValues, recordingViewer, unrecorded } from './viewer-reads.server';

const user = () => ({ id: 7, username: 'alice', fullname: 'Alice H', isStaff: false, country: 'BJ' });

describe('recordingViewer', () => {
  it('records each field read, and nothing the user does not hold (an await asks for `then`)', async () => {
    const reads = new Set<string>();
    const viewer = recordingViewer(user(), reads);
    expect(viewer.isStaff).toBe(false);
    expect('country' in viewer).toBe(true);
    expect(await Promise.resolve(viewer)).toBe(viewer);
    expect([...reads].sort()).toEqual(['country', 'isStaff']);
  });

  it('counts a spread or a JSON copy as reading every field', () => {
    const reads = new Set<string>();
    const copy = { ...recordingViewer(user(), reads) };
    expect(copy.fullname).toBe('Alice H');
    expect([...reads].sort()).toEqual(['country', 'fullname', 'id', 'isStaff', 'username']);
    const json = new Set<string>();
    JSON.stringify(recordingViewer(user(), json));
    expect(json.size).toBe(5);
  });

  it('reads nothing through the user behind the proxy', () => {
    const reads = new Set<string>();
    const own = unrecorded(recordingViewer(user(), reads));
    expect(own.username).toBe('alice');
    expect(reads.size).toBe(0);
  });

  it('puts the values of the fields read in one string', () => {
    expect(readValues(user(), ['country', 'isStaff', 'missing'])).toBe('["BJ",false,null]');
  });
});
