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
} satisfies Record<string, string>;
