// Exact texts from SPEC §8 (typos included), shared by pages, the API and tests.
export const MESSAGES = {
  signUpSuccess:
    'Your account has been successfully created ! Please check your inbox for a confirmation email. Click on the link provided to activate your account and access all features.',
  collaboratorSuccess: 'A new collaborator account has been successfully created! The collaborator can check their inbox for a confirmation email',
  profileUpdated: 'Your account has been successfully modified.',
  resetEmailSent: 'The password reset email was sent successfully.',
  exportSuccess: 'Learner exportation completed successfully',
  emptyList: 'No data has been added yet',
  noSolves: 'No challenge solved yet',
  flagCorrect: 'Your flag is correct.',
  flagSubmitted: 'Your flag and writeup were submitted successfully.',
  /** Where a solve counts only once staff validate it (events). */
  flagSubmittedForReview: 'Your flag and writeup were submitted successfully. They count once staff have reviewed them.',
  /** Where no writeup is asked for (Black Friday) and none came. */
  flagSubmittedAlone: 'Your flag was submitted successfully.',
  awaitingReview: 'Waiting for review',
  noTeam: 'Currently you are not a member of any active groups.',
} as const;
