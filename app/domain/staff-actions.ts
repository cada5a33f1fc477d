// Every kind of staff action the log records, with the words the staff action log page shows for it.
// One registry: the writer (staff-log.server.ts) accepts only these kinds, so a new kind of action
// cannot reach the log without a label. Plain data, so the filter's schema may import it too.

export const STAFF_ACTION_LABELS = {
  'user.create_collaborator': 'Created a collaborator',
  'user.import': 'Imported a learner',
  'user.validate': 'Validated a learner',
  'user.invalidate': 'Invalidated a learner',
  'coins.adjust': 'Adjusted coins',
  'category.create': 'Created a category',
  'category.update': 'Renamed a category',
  'category.delete': 'Deleted a category',
  'challenge.create': 'Created a challenge',
  'challenge.update': 'Edited a challenge',
  'challenge.delete': 'Deleted a challenge',
  'flag.update': 'Changed a flag',
  'hint.create': 'Added a hint',
  'hint.update': 'Edited a hint',
  'challenge_file.add': 'Added a challenge file',
  'challenge_file.delete': 'Deleted a challenge file',
  'submission.validate': 'Validated a submission',
  'submission.invalidate': 'Invalidated a submission',
  'event.create': 'Created an event',
  'event.update': 'Edited an event',
  'event.delete': 'Deleted an event',
  'reward.create': 'Created a reward',
  'reward.update': 'Edited a reward',
  'reward.delete': 'Deleted a reward',
  'reward.hide': 'Hid a reward',
  'reward-request.validate': 'Validated a reward request',
  'reward-request.dismiss': 'Dismissed a reward request',
  'notification.create': 'Sent a notification',
} as const;

export type StaffActionKind = keyof typeof STAFF_ACTION_LABELS;

/** What a logged action was done to, in words: the log's "On" column starts with it. */
export const STAFF_TARGET_NOUNS = {
  user: 'Account',
  category: 'Category',
  challenge: 'Challenge',
  flag: 'Flag',
  hint: 'Hint',
  challenge_file: 'File',
  submission: 'Submission',
  event: 'Event',
  reward: 'Reward',
  'reward-request': 'Reward request',
  notification: 'Notification',
} as const;

export type StaffTargetType = keyof typeof STAFF_TARGET_NOUNS;

export const STAFF_ACTION_KINDS = Object.keys(STAFF_ACTION_LABELS) as [StaffActionKind, ...StaffActionKind[]];

export const isStaffActionKind = (value: string): value is StaffActionKind => Object.hasOwn(STAFF_ACTION_LABELS, value);

/** The words for a logged kind; a kind written by an older version and since renamed shows as stored. */
export const staffActionLabel = (kind: string): string => (isStaffActionKind(kind) ? STAFF_ACTION_LABELS[kind] : kind);
