// French of the page frame: header, footer, root, shared components.
export default {
  // Header, footer and the page frame (components/header.tsx, root.tsx)
  'Skip to main content': 'Aller au contenu principal',
  Main: 'Principal',
  Home: 'Accueil',
  Practices: 'Entraînement',
  'Choose an event from the Events page': 'Choisissez un événement sur la page Événements',
  Competes: 'Compétitions',
  Events: 'Événements',
  'Black-friday': 'Black-friday',
  'unprocessed reward requests': 'demandes de récompense non traitées',
  Notifications: 'Notifications',
  'new notifications': 'nouvelles notifications',
  General: 'Générales',
  Admin: 'Administration',
  Profile: 'Profil',
  Team: 'Équipe',
  Login: 'Connexion',
  'Our company website': 'Le site de notre entreprise',
  Social: 'Réseaux sociaux',
  '© {{year}} CTF Arena. All rights reserved.': '© {{year}} CTF Arena. Tous droits réservés.',
  Language: 'Langue',

  // Words shared by many pages (kept here once; other parts use these keys)
  Cancel: 'Annuler',
  Save: 'Enregistrer',
  Name: 'Nom',
  Close: 'Fermer',
  Delete: 'Supprimer',
  Edit: 'Modifier',
  Search: 'Rechercher',
  Previous: 'Précédent',
  Next: 'Suivant',
  Select: 'Sélectionner',
  'Loading…': 'Chargement…',

  // The error page (root.tsx ErrorBoundary)
  'Bad request': 'Requête invalide',
  'This request is not valid.': "Cette requête n'est pas valide.",
  'Access denied': 'Accès refusé',
  'You do not have access to this page.': "Vous n'avez pas accès à cette page.",
  'Page not found': 'Page introuvable',
  'This page does not exist, or you cannot see it.': "Cette page n'existe pas, ou vous ne pouvez pas la voir.",
  Conflict: 'Conflit',
  'This change conflicts with the current state.': "Cette modification est en conflit avec l'état actuel.",
  'Too many requests': 'Trop de requêtes',
  'Please wait a moment and try again.': 'Veuillez patienter un instant, puis réessayer.',
  Busy: 'Serveur occupé',
  'The server is busy. Try again in a few seconds.': 'Le serveur est occupé. Réessayez dans quelques secondes.',
  'Something went wrong': 'Une erreur est survenue',
  'Something went wrong. Please try again.': 'Une erreur est survenue. Veuillez réessayer.',
  'Back to the list': 'Retour à la liste',
  'Back home': "Retour à l'accueil",

  // Logging out (components/logout-button.tsx, routes/auth/logout.tsx)
  Logout: 'Déconnexion',
  'Log out': 'Se déconnecter',
  'Logging out…': 'Déconnexion…',
  'Are you sure you want to log out? This action will close your current session. You will need to log in again to access your account again.':
    'Voulez-vous vraiment vous déconnecter ? Cette action fermera votre session en cours. Vous devrez vous reconnecter pour accéder de nouveau à votre compte.',

  // Forms and lists (components/field.tsx, markdown-editor.tsx, pagination.tsx, data-table.tsx, bulk-selection.tsx)
  'Type the passwords again: they are never sent back to the page.': 'Saisissez de nouveau les mots de passe : ils ne sont jamais renvoyés à la page.',
  'If you had chosen an image, choose it again: a browser does not keep a chosen file when the page comes back.':
    "Si vous aviez choisi une image, choisissez-la de nouveau : un navigateur ne garde pas le fichier choisi quand la page revient.",
  'If you had chosen a picture, choose it again: a browser does not keep a chosen file when the page comes back.':
    "Si vous aviez choisi une photo, choisissez-la de nouveau : un navigateur ne garde pas le fichier choisi quand la page revient.",
  'No data has been added yet': "Aucune donnée n'a encore été ajoutée",
  'Markdown; HTML is sanitized (no scripts, event handlers or javascript: links).':
    "Markdown ; le HTML est nettoyé (ni scripts, ni gestionnaires d'événements, ni liens javascript:).",
  'Preview: as learners read it (last saved)': 'Aperçu : tel que les apprenants le lisent (dernière version enregistrée)',
  Pagination: 'Pagination',
  First: 'Premier',
  Last: 'Dernier',
  '{{label}} table': 'Tableau : {{label}}',
  'Select all on this page': 'Tout sélectionner sur cette page',
  '{{percent}}% solved': '{{percent}} % résolu',

  // Exports and downloads (components/export-links.tsx)
  'Download CSV': 'Télécharger en CSV',
  'Download Excel': 'Télécharger en Excel',
  'The files hold the first {{first}} of {{total}} rows.': 'Les fichiers contiennent les {{first}} premières lignes sur {{total}}.',
} satisfies Record<string, string>;
