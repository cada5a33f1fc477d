// French of events, competes, teams and notifications (see ./index.ts).
export default {
  // Event types (domain/event-types.ts) and the pages that list them (routes/events/*)
  'Other Competition': 'Autre compétition',
  'In-person': 'En présentiel',
  'Training platform': 'Plateforme de formation',
  'Black Friday': 'Black Friday',
  'Online events': 'Événements en ligne',
  'In-person events': 'Événements en présentiel',
  'Training platform CTF': 'CTF de la plateforme de formation',
  'Black Friday CTF': 'CTF Black Friday',
  'Every Friday: solve challenges alone, earn coins and trade them for rewards.':
    'Chaque vendredi : résolvez des défis en solo, gagnez des pièces et échangez-les contre des récompenses.',
  'Weekly challenges for the learners of our training offer, cohort by cohort.':
    'Des défis chaque semaine pour les apprenants de notre formation, cohorte par cohorte.',
  'Competitions held on site: where and when they take place, and how to register.':
    'Des compétitions sur place : où et quand elles ont lieu, et comment vous inscrire.',
  Breadcrumb: "Fil d'Ariane",
  Event: 'Événement',
  'Training only': 'Réservé à la formation',
  'Delete event': "Supprimer l'événement",
  'Are you sure you want to delete the event “{{name}}”? Its challenges, submissions, teams and their files are deleted with it. This cannot be undone.':
    "Voulez-vous vraiment supprimer l'événement « {{name}} » ? Ses défis, soumissions, équipes et leurs fichiers seront supprimés avec lui. Cette action est irréversible.",
  'This event does not exist (any more).': "Cet événement n'existe pas (ou plus).",

  // The event card (components/event-card.tsx)
  'Online event': 'Événement en ligne',
  Starts: 'Début',
  Ends: 'Fin',
  'Starts on': 'Commence le',
  'This event has ended.': 'Cet événement est terminé.',
  'Running now': 'En cours',
  Participate: 'Participer',
  'Explore challenges': 'Explorer les défis',
  Registered: 'Inscrit',
  Pictures: 'Photos',

  // The event form (routes/events/event-form.tsx, event-create.tsx, event-edit.tsx)
  'New event': 'Nouvel événement',
  'Edit event': "Modifier l'événement",
  "Place (in-person events; others are 'Online event')": "Lieu (événements en présentiel ; les autres sont « Événement en ligne »)",
  'Register link (in-person events)': "Lien d'inscription (événements en présentiel)",
  'Pictures link (in-person events)': 'Lien des photos (événements en présentiel)',
  'Image (PNG, JPEG or WebP, at most 2 MB)': 'Image (PNG, JPEG ou WebP, 2 Mo au plus)',
  'Image (PNG, JPEG or WebP, at most 2 MB; leave empty to keep the current one)':
    "Image (PNG, JPEG ou WebP, 2 Mo au plus ; laissez vide pour garder l'image actuelle)",
  'Current event image': "Image actuelle de l'événement",
  'Start date (UTC)': 'Date de début (UTC)',
  'End date (UTC)': 'Date de fin (UTC)',
  'Next Friday': 'Vendredi prochain',
  'Friday 00:00 to 23:59 UTC.': 'Vendredi de 00:00 à 23:59 UTC.',
  'Black Friday events: the coming Friday, 00:00 to 23:59 UTC.': 'Événements Black Friday : le vendredi qui vient, de 00:00 à 23:59 UTC.',
  'Team size limit (team events; empty for no limit)': "Taille maximale des équipes (événements en équipe ; vide pour aucune limite)",
  "The 'Next Friday' dates are for Black Friday events: choose that type first.":
    "Les dates « Vendredi prochain » sont réservées aux événements Black Friday : choisissez d'abord ce type.",

  // An event's players and teams (routes/competes/**)
  'Teams of {{name}}': 'Équipes de {{name}}',
  'My team: {{name}}': 'Mon équipe : {{name}}',
  'Members count': 'Nombre de membres',
  Member: 'Membre',
  'Challenges solved': 'Défis résolus',
  Leader: "Chef d'équipe",
  'Correct flags whose writeups staff have not reviewed yet: they count once validated.':
    "Drapeaux corrects dont l'équipe d'encadrement n'a pas encore examiné les writeups : ils comptent une fois validés.",

  // Creating, joining and managing a team (routes/teams/*)
  'Create your team': 'Créez votre équipe',
  'Your team {{name}} has been created.': 'Votre équipe {{name}} a été créée.',
  'Event:': 'Événement :',
  'You already play this event in the team': "Vous participez déjà à cet événement dans l'équipe",
  'No team event is open for teams at the moment.': "Aucun événement en équipe n'est ouvert aux équipes pour le moment.",
  upcoming: 'à venir',
  'Team name': "Nom de l'équipe",
  'Have an invitation?': 'Vous avez une invitation ?',
  'Join {{name}}': 'Rejoindre {{name}}',
  'You joined the team {{name}}.': "Vous avez rejoint l'équipe {{name}}.",
  'You were invited to the team': "Vous êtes invité à rejoindre l'équipe",
  of: 'de',
  Join: 'Rejoindre',
  "Don't have a team ?": "Vous n'avez pas d'équipe ?",
  'My team': 'Mon équipe',
  'My teams': 'Mes équipes',
  'Copied!': 'Copié !',
  'Press Ctrl+C to copy the selected link.': 'Appuyez sur Ctrl+C pour copier le lien sélectionné.',
  'Invitation link': "Lien d'invitation",
  Copy: 'Copier',
  points_one: 'point',
  points_other: 'points',
  'Team account': "Compte de l'équipe",
  'Current password': 'Mot de passe actuel',
  Update: 'Mettre à jour',
  'Only the team leader can change the name and the password.': "Seul le chef d'équipe peut modifier le nom et le mot de passe.",

  // Notifications (routes/notifications/*)
  'New notification': 'Nouvelle notification',
  Notification: 'Notification',
  'Receiving event (optional: only its registered players and team members get it)':
    'Événement destinataire (facultatif : seuls ses joueurs inscrits et les membres de ses équipes la reçoivent)',
  Send: 'Envoyer',
  'General notifications': 'Notifications générales',
  'Admin notifications': "Notifications de l'administration",
  'Notification lists': 'Listes de notifications',
  New: 'Nouvelle',
  '{{date}} UTC': '{{date}} UTC',
  Open: 'Ouvrir',
} satisfies Record<string, string>;
