// French of the notices the platform writes to one person (domain/notify.server.ts), shown in the
// reader's language when they open their notifications (see ./index.ts).
export default {
  // A reviewed submission (domain/notifications.server.ts)
  'Submission validated': 'Soumission validée',
  'Submission rejected': 'Soumission rejetée',
  'Your submission for the challenge "{{challenge}}" was validated.': 'Votre soumission pour le défi « {{challenge}} » a été validée.',
  'Your submission for the challenge "{{challenge}}" was rejected.\nComment: {{comment}}':
    'Votre soumission pour le défi « {{challenge}} » a été rejetée.\nCommentaire : {{comment}}',

  // A new team member (domain/notifications.server.ts)
  'New team member': "Nouveau membre d'équipe",
  '{{user}} joined your team {{team}}.': '{{user}} a rejoint votre équipe {{team}}.',

  // A processed reward request (domain/reward-requests.server.ts)
  'Reward request validated': 'Demande de récompense validée',
  'Reward request dismissed': 'Demande de récompense refusée',
  'Your request for the reward “{{reward}}” was validated.': 'Votre demande pour la récompense « {{reward}} » a été validée.',
  'Your request for the reward “{{reward}}” was dismissed. The {{count}} coins it cost are back in your balance._one':
    'Votre demande pour la récompense « {{reward}} » a été refusée. Son prix, {{count}} pièce, a été recrédité sur votre solde.',
  'Your request for the reward “{{reward}}” was dismissed. The {{count}} coins it cost are back in your balance._other':
    'Votre demande pour la récompense « {{reward}} » a été refusée. Son prix, {{count}} pièces, a été recrédité sur votre solde.',

  // An event about to start (domain/event-reminders.server.ts)
  '{{event}} starts soon': '{{event}} commence bientôt',
  '{{event}} starts on {{date}} UTC.': '{{event}} commence le {{date}} UTC.',
};
