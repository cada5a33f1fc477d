// Issue 8 §2: the API refuses a plain text flag no learner could submit, as the page does (one
// domain function), and saves a regex that cannot match CTF{...} with a warning (the edit page shows it too).
import { describe, expect, it } from 'vitest';
import { call, superuserToken } from '../support/api-client';

const PLAIN_FLAG_FORMAT = 'A plain text flag must have the format CTF{flag}: learners can only submit flags of that format.';

let n = 0;
function form(flag: unknown) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ name: `Flag format ${Date.now().toString(36)}${++n}`, category: '1', description: 'Find it.', initial_value: '100', flag: JSON.stringify(flag) })) body.set(k, v);
  return body;
}

describe('flag formats on the API', () => {
  it('POST /api/challenges/ refuses a plain text flag without the CTF{...} format, with the error under value', async () => {
    const root = await superuserToken();
    for (const value of ['plainflag', 'no_format_flag']) {
      const res = await call('POST', '/api/challenges/', { token: root, form: form({ value, collation: 'plain_text' }) });
      expect(res.status, value).toBe(400);
      expect(res.body).toEqual({ value: [PLAIN_FLAG_FORMAT] });
    }
    const spaced = await call('POST', '/api/challenges/', { token: root, form: form({ value: ' CTF{fine} ', collation: 'plain_text' }) });
    expect(spaced.status).toBe(201);
  });

  it('PUT .../flags/{id}/ refuses it too, and saves a regex that cannot match CTF{...}', async () => {
    const root = await superuserToken();
    const created = await call('POST', '/api/challenges/', { token: root, form: form({ value: 'CTF{first}', collation: 'plain_text' }) });
    expect(created.status).toBe(201);
    const path = `/api/challenges/${created.body.id}/flags/${created.body.flag_id}/`;
    const plain = await call('PUT', path, { token: root, json: { value: 'plainflag', collation: 'plain_text' } });
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({ value: [PLAIN_FLAG_FORMAT] });
    const regex = await call('PUT', path, { token: root, json: { value: 'no_format_flag', collation: 'regex' } });
    expect(regex.status).toBe(200);
    // Saved, and the author is told why it may be unsolvable; a matching regex carries no warning.
    expect(regex.body).toMatchObject({ value: 'no_format_flag', collation: 'regex' });
    expect(regex.body.warning).toMatch(/CTF\{/);
    const fine = await call('PUT', path, { token: root, json: { value: 'CTF\\{[a-z]+\\}', collation: 'regex' } });
    expect(fine.status).toBe(200);
    expect(fine.body.warning).toBeNull();
  });
});
