// SPEC §7 "Rewards" and "Notifications and reward requests" (the reward side): the Black Friday shop.
import { UnprocessedCountJson } from '~/api/reward-requests-count';
import { ProcessedRequestJson, RewardRequestPageJson } from '~/api/reward-requests/request-json';
import { PurchaseJson, RewardJson, RewardPageJson } from '~/api/rewards/reward-json';
import { rewardsQuery } from '~/api/rewards/rewards';
import { rewardRequestsQuery } from '~/schemas/query';
import { rewardSchema } from '~/schemas/reward';
import { pathParams, type Operation } from '../operation';

const reward = pathParams({ id: 'The reward.' });

export const rewards: Operation[] = [
  {
    method: 'get',
    path: '/api/rewards/',
    summary: 'Rewards',
    description: 'The rewards on sale, cheapest first.',
    access: 'signed-in',
    query: rewardsQuery,
    answers: { 200: { description: 'A page of rewards.', schema: RewardPageJson } },
  },
  {
    method: 'post',
    path: '/api/rewards/',
    summary: 'Create a reward',
    access: 'staff',
    body: { schema: rewardSchema },
    answers: { 201: { description: 'The new reward.', schema: RewardJson } },
  },
  {
    method: 'get',
    path: '/api/rewards/{id}/',
    summary: 'A reward',
    access: 'signed-in',
    params: reward,
    answers: { 200: { description: 'The reward.', schema: RewardJson } },
  },
  {
    method: 'put',
    path: '/api/rewards/{id}/',
    summary: 'Edit a reward',
    access: 'staff',
    params: reward,
    body: { schema: rewardSchema },
    answers: { 200: { description: 'The reward as now saved.', schema: RewardJson } },
  },
  {
    method: 'delete',
    path: '/api/rewards/{id}/',
    summary: 'Delete a reward',
    description: 'A reward that has requests is hidden rather than deleted; both answer 204.',
    access: 'staff',
    params: reward,
    answers: { 204: { description: 'Deleted or hidden.' } },
  },
  {
    method: 'post',
    path: '/api/rewards/{id}/purchase/',
    summary: 'Buy a reward',
    description: 'The caller spends the reward\'s coins and a request waits for the staff\'s decision.',
    access: 'signed-in',
    params: reward,
    answers: { 201: { description: 'The request, the reward and the balance left.', schema: PurchaseJson } },
    refusals: { 400: 'Not enough coins (the detail says how many are missing).', 403: 'Staff do not buy rewards.' },
  },
  {
    method: 'get',
    path: '/api/reward-requests/count-unprocessed',
    summary: 'Unprocessed reward requests',
    description: 'The badge of the header\'s Black-friday link.',
    access: 'staff',
    answers: { 200: { description: 'How many wait.', schema: UnprocessedCountJson } },
  },
  {
    method: 'get',
    path: '/api/reward-requests/',
    summary: 'Reward requests',
    description: 'Newest first, 10 per page.',
    access: 'staff',
    query: rewardRequestsQuery,
    answers: { 200: { description: 'A page of requests.', schema: RewardRequestPageJson } },
    refusals: { 400: 'An is_processed that is not a boolean.' },
  },
  ...(['validate', 'dismiss'] as const).map(
    (action): Operation => ({
      method: 'put',
      path: `/api/reward-requests/{id}/${action}/`,
      summary: action === 'validate' ? 'Validate a reward request' : 'Dismiss a reward request',
      description: action === 'dismiss' ? 'The coins are given back.' : undefined,
      access: 'staff',
      params: pathParams({ id: 'The request.' }),
      answers: { 200: { description: "The request as now processed, with SPEC §8's message.", schema: ProcessedRequestJson } },
      refusals: { 400: 'It was already processed (a detail).' },
    }),
  ),
];
