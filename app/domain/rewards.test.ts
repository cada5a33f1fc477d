import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { Forbidden, NotFound, Unauthorized } from '~/lib/errors.server';
import { rewardSchema } from '~/schemas/reward';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeRequest, makeReward } from '../../tests/support/reward-factories';
import { createReward, deleteReward, getReward, listRewards, rewardListPage, rewardPage, updateReward } from './rewards.server';

const input = (over: Partial<{ title: string; coin: number; is_ctf_certification_reward: boolean }> = {}) => ({
  title: over.title ?? 'A T-shirt',
  coin: over.coin ?? 150,
  is_ctf_certification_reward: over.is_ctf_certification_reward ?? false,
});

const staffLog = (action: string, id: number) => db.staffAction.findMany({ where: { action, targetType: 'reward', targetId: String(id) } });

describe('reward schema (SPEC §5)', () => {
  const errors = (values: Record<string, unknown>) => {
    const r = rewardSchema.safeParse(values);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('requires a title, a coin of 10 to 2000 and a yes/no certification', () => {
    expect(errors({})).toEqual({ title: 'This field is required.', coin: 'This field is required.', is_ctf_certification_reward: 'This field is required.' });
    expect(errors({ title: '  ', coin: '9', is_ctf_certification_reward: 'maybe' })).toEqual({
      title: 'This field is required.',
      coin: 'Ensure this value is greater than or equal to 10.',
      is_ctf_certification_reward: 'Must be a valid boolean.',
    });
    expect(errors({ title: 'x', coin: 2001, is_ctf_certification_reward: true })).toEqual({ coin: 'Ensure this value is less than or equal to 2000.' });
    expect(errors({ title: 'x', coin: '12.5', is_ctf_certification_reward: 'no' })).toEqual({ coin: 'A valid integer is required.' });
  });

  it('reads form strings and JSON alike', () => {
    expect(rewardSchema.parse({ title: ' Book ', coin: '10', is_ctf_certification_reward: 'yes' })).toEqual({ title: 'Book', coin: 10, is_ctf_certification_reward: true });
    expect(rewardSchema.parse({ title: 'Book', coin: 2000, is_ctf_certification_reward: false })).toEqual({ title: 'Book', coin: 2000, is_ctf_certification_reward: false });
  });
});

describe('reward administration', () => {
  it('lets staff create, read and update a reward, logging each change', async () => {
    const staff = await makeStaff();
    const created = await createReward(staff, input({ title: 'Certification voucher', coin: 1200, is_ctf_certification_reward: true }));
    expect(created).toMatchObject({ title: 'Certification voucher', coin: 1200, isCtfCertificationReward: true, hidden: false });
    expect(await getReward(await makeUser(), created.id)).toMatchObject({ id: created.id });

    const updated = await updateReward(staff, created.id, input({ title: 'Voucher', coin: 1000 }));
    expect(updated).toMatchObject({ id: created.id, title: 'Voucher', coin: 1000, isCtfCertificationReward: false });
    expect(await staffLog('reward.create', created.id)).toHaveLength(1);
    expect(await staffLog('reward.update', created.id)).toHaveLength(1);
  });

  it('refuses learners and anonymous visitors every write', async () => {
    const learner = await makeUser();
    const reward = await makeReward();
    await expect(createReward(learner, input())).rejects.toBeInstanceOf(Forbidden);
    await expect(updateReward(learner, reward.id, input())).rejects.toBeInstanceOf(Forbidden);
    await expect(deleteReward(learner, reward.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(createReward(null, input())).rejects.toBeInstanceOf(Unauthorized);
    await expect(getReward(null, reward.id)).rejects.toBeInstanceOf(Unauthorized);
    expect(await db.reward.findUnique({ where: { id: reward.id } })).toMatchObject({ title: reward.title, hidden: false });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const staff = await makeStaff();
    for (const id of [999_999, 0, -1, Number.NaN, 1.5]) {
      await expect(getReward(staff, id)).rejects.toBeInstanceOf(NotFound);
      await expect(updateReward(staff, id, input())).rejects.toBeInstanceOf(NotFound);
      await expect(deleteReward(staff, id)).rejects.toBeInstanceOf(NotFound);
    }
  });

  it('deletes a reward nobody requested', async () => {
    const staff = await makeStaff();
    const reward = await makeReward();
    expect(await deleteReward(staff, reward.id)).toEqual({ hidden: false });
    expect(await db.reward.findUnique({ where: { id: reward.id } })).toBeNull();
    expect(await staffLog('reward.delete', reward.id)).toHaveLength(1);
  });

  it('hides a reward with requests instead: off the list, the API and the shop, kept for its requests', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const reward = await makeReward({ coin: 40 });
    const request = await makeRequest(learner.id, reward.id);
    expect(await deleteReward(staff, reward.id)).toEqual({ hidden: true });

    expect(await db.reward.findUnique({ where: { id: reward.id } })).toMatchObject({ hidden: true });
    expect(await db.rewardRequest.findUnique({ where: { id: request.id }, include: { reward: true } })).toMatchObject({ status: 'pending', reward: { title: reward.title } });
    expect((await listRewards()).map((r) => r.id)).not.toContain(reward.id);
    const page = await rewardPage(staff, { page: 1, pageSize: 100 });
    expect(page.results.map((r) => r.id)).not.toContain(reward.id);
    await expect(getReward(staff, reward.id)).rejects.toBeInstanceOf(NotFound);
    await expect(updateReward(staff, reward.id, input())).rejects.toBeInstanceOf(NotFound);
    // A second delete finds nothing to delete.
    await expect(deleteReward(staff, reward.id)).rejects.toBeInstanceOf(NotFound);
    expect(await staffLog('reward.hide', reward.id)).toHaveLength(1);
  });

  it('keeps the price a request paid when the reward is repriced', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const reward = await makeReward({ coin: 60 });
    const request = await makeRequest(learner.id, reward.id);
    await updateReward(staff, reward.id, input({ coin: 500 }));
    expect(await db.rewardRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ coin: 60 });
  });

  it('lists visible rewards cheapest first and finds the page a reward lands on', async () => {
    const staff = await makeStaff();
    const cheap = await makeReward({ coin: 10 });
    const dear = await makeReward({ coin: 2000 });
    const hidden = await makeReward({ coin: 11, hidden: true });
    const all = await rewardPage(staff, { page: 1, pageSize: 100 });
    const ids = all.results.map((r) => r.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(dear.id));
    expect(all.count).toBe(ids.length);
    expect(await rewardListPage(cheap, 1)).toBe(ids.indexOf(cheap.id) + 1);
    expect(await rewardListPage(dear, 1)).toBe(ids.indexOf(dear.id) + 1);
  });
});
