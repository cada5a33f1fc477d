// Every kind of staff action the log records, with the words the staff action log page shows for it.
// One registry: the writer (staff-log.server.ts) accepts only these kinds, so a new kind of action
// cannot reach the log without a label. Plain data, so the filter's schema may import it too.
// The labels are English text() keys: the log's page shows them through t().

import { text } from '~/lib/i18n';

export const STAFF_ACTION_LABELS = {
  'user.create_collaborator': text('Created a collaborator'),
  'user.import': text('Imported a learner'),
  'user.validate': text('Validated a learner'),
  'user.invalidate': text('Invalidated a learner'),
  'coins.adjust': text('Adjusted coins'),
  'category.create': text('Created a category'),
  'category.update': text('Renamed a category'),
  'category.delete': text('Deleted a category'),
  'challenge.create': text('Created a challenge'),
  'challenge.update': text('Edited a challenge'),
  'challenge.delete': text('Deleted a challenge'),
  'flag.update': text('Changed a flag'),
  'hint.create': text('Added a hint'),
  'hint.update': text('Edited a hint'),
  'challenge_file.add': text('Added a challenge file'),
  'challenge_file.delete': text('Deleted a challenge file'),
  'submission.validate': text('Validated a submission'),
  'submission.invalidate': text('Invalidated a submission'),
  'event.create': text('Created an event'),
  'event.update': text('Edited an event'),
  'event.delete': text('Deleted an event'),
  'reward.create': text('Created a reward'),
  'reward.update': text('Edited a reward'),
  'reward.delete': text('Deleted a reward'),
  'reward.hide': text('Hid a reward'),
  'reward-request.validate': text('Validated a reward request'),
  'reward-request.dismiss': text('Dismissed a reward request'),
  'notification.create': text('Sent a notification'),
} as const;

export type StaffActionKind = keyof typeof STAFF_ACTION_LABELS;

/** What a logged action was done to, in words (text() keys): the log's "On" column starts with it. */
export const STAFF_TARGET_NOUNS = {
  user: text('Account'),
  category: text('Category'),
  challenge: text('Challenge'),
  flag: text('Flag'),
  hint: text('Hint'),
  challenge_file: text('File'),
  submission: text('Submission'),
  event: text('Event'),
  reward: text('Reward'),
  'reward-request': text('Reward request'),
  notification: text('Notification'),
} as const;

export type StaffTargetType = keyof typeof STAFF_TARGET_NOUNS;

export const STAFF_ACTION_KINDS = Object.keys(STAFF_ACTION_LABELS) as [StaffActionKind, ...StaffActionKind[]];

export const isStaffActionKind = (value: string): value is StaffActionKind => Object.hasOwn(STAFF_ACTION_LABELS, value);

/** The words for a logged kind; a kind written by an older version and since renamed shows as stored. */
export const staffActionLabel = (kind: string): string => (isStaffActionKind(kind) ? STAFF_ACTION_LABELS[kind] : kind);
