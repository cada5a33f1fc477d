// The staff action log's filter, read from a GET query: a wrong field is reported and left out.
import { describe, expect, it } from 'vitest';
import { CHOICE } from './fields';
import { DATE_FORMAT, DATES_REVERSED, readStaffLogQuery } from './staff-log-filter';

const read = (query: string) => readStaffLogQuery(new URLSearchParams(query));

describe('staff log filter', () => {
  it('reads a person, a kind of action and two UTC days', () => {
    const { filter, errors } = read('person=7&action=user.validate&from=2031-03-01&to=2031-03-02');
    expect(errors).toEqual({});
    expect(filter).toEqual({ actorId: 7, action: 'user.validate', from: new Date('2031-03-01T00:00:00Z'), to: new Date('2031-03-02T00:00:00Z') });
    expect(read('person=&action=&from=&to=').filter).toEqual({});
  });

  it('reports each wrong field under it and filters by the others', () => {
    const { filter, errors, values } = read('person=abc&action=user.drop&from=2031-02-30&to=2031-03-02');
    expect(errors).toEqual({ person: [CHOICE], action: [CHOICE], from: [DATE_FORMAT] });
    expect(filter).toEqual({ to: new Date('2031-03-02T00:00:00Z') });
    expect(values.from).toBe('2031-02-30');
    expect(read('from=03/01/2031').errors.from).toEqual([DATE_FORMAT]);
  });

  it('keeps the start of reversed dates and says the end is before it', () => {
    const { filter, errors } = read('from=2031-03-05&to=2031-03-01');
    expect(errors).toEqual({ to: [DATES_REVERSED] });
    expect(filter.from).toEqual(new Date('2031-03-05T00:00:00Z'));
    expect(filter.to).toBeUndefined();
  });
});
