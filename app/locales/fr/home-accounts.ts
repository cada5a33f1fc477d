// French of the home page, the account pages and the language setting (see ./index.ts).
export default {
  // Home (routes/home.tsx)
  'CTF Arena · Capture the flag training and competitions': 'CTF Arena · Entraînement et compétitions Capture the Flag',
  'Practise security challenges, join events, form teams and climb the scoreboards.':
    'Entraînez-vous sur des défis de sécurité, participez à des événements, formez des équipes et grimpez dans les classements.',
  'Ethical behaviour': 'Comportement éthique',
  'Attack only the targets we give you, share no flags, and report what you find responsibly.':
    "N'attaquez que les cibles que nous vous donnons, ne partagez aucun drapeau et signalez vos découvertes de manière responsable.",
  'Challenge yourself': 'Dépassez-vous',
  'Step past the easy wins: the hardest challenges teach the most.': 'Allez au-delà des victoires faciles : ce sont les défis les plus difficiles qui apprennent le plus.',
  'Practise actively': 'Pratiquez activement',
  'Solve a little every week; write up what you learned so it sticks.': 'Résolvez un peu chaque semaine ; rédigez ce que vous avez appris pour bien le retenir.',
  'Collaborate effectively': 'Collaborez efficacement',
  'Split the work in your team, explain your reasoning, and learn from each other.':
    'Répartissez le travail dans votre équipe, expliquez votre raisonnement et apprenez les uns des autres.',
  'World class training': 'Une formation de niveau mondial',
  'Challenges written by practitioners who run real security assessments.': 'Des défis écrits par des professionnels qui mènent de vrais audits de sécurité.',
  'Captivating real challenges': 'Des défis réels et captivants',
  'Web, cryptography, forensics, reverse engineering, pwn and OSINT, modelled on real cases.':
    'Web, cryptographie, forensique, rétro-ingénierie, pwn et OSINT, inspirés de cas réels.',
  'Access to exclusive resources': 'Accès à des ressources exclusives',
  'Writeups reviewed by our staff, training cohorts and rewards you can earn with coins.':
    'Des writeups relus par notre équipe, des cohortes de formation et des récompenses à gagner avec vos pièces.',
  'You were invited to join a team': 'Vous avez été invité à rejoindre une équipe',
  'Log in to see the team and join it: you will come back to the invitation.':
    "Connectez-vous pour voir l'équipe et la rejoindre : vous reviendrez ensuite à l'invitation.",
  'Log in to join': 'Se connecter pour rejoindre',
  'No account yet?': 'Pas encore de compte ?',
  'Sign up': "S'inscrire",
  ', activate it from the e-mail, then open the invitation link again.': ", puis activez votre compte depuis l'e-mail et rouvrez le lien d'invitation.",
  'Welcome to CTF Arena': 'Bienvenue sur CTF Arena',
  'Learn offensive and defensive security by solving capture-the-flag challenges, alone or in a team, all year round.':
    "Apprenez la sécurité offensive et défensive en résolvant des défis de capture du drapeau, seul ou en équipe, toute l'année.",
  'Start practising': "Commencer l'entraînement",
  'About us': 'À propos de nous',
  'We are a cybersecurity company that trains the next generation of security professionals. CTF Arena is where our learners practise between courses, compete in events and show what they can do.':
    "Nous sommes une entreprise de cybersécurité qui forme la prochaine génération de professionnels de la sécurité. CTF Arena est l'endroit où nos apprenants s'entraînent entre les cours, s'affrontent lors d'événements et montrent ce dont ils sont capables.",
  'Practices are open all year. Events run online and in person, training cohorts get their own weekly challenges, and every Friday is Black Friday: earn coins and trade them for rewards.':
    "L'entraînement est ouvert toute l'année. Les événements ont lieu en ligne et en présentiel, les cohortes de formation ont leurs propres défis chaque semaine, et chaque vendredi est un Black Friday : gagnez des pièces et échangez-les contre des récompenses.",
  Guidelines: 'Règles de conduite',
  'Why choose us': 'Pourquoi nous choisir',

  // Log in, sign up, password reset, activation (routes/auth)
  'Log in · CTF Arena': 'Connexion · CTF Arena',
  'Log in': 'Se connecter',
  'Forgot password?': 'Mot de passe oublié ?',
  'Sign up · CTF Arena': 'Inscription · CTF Arena',
  'Create your account': 'Créez votre compte',
  'Already registered?': 'Déjà inscrit ?',
  'Forgot password · CTF Arena': 'Mot de passe oublié · CTF Arena',
  'Forgot your password?': 'Mot de passe oublié ?',
  'Enter the e-mail address of your account and we will send you a link to choose a new password.':
    "Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  'Send link': 'Envoyer le lien',
  'Reset password · CTF Arena': 'Réinitialiser le mot de passe · CTF Arena',
  'Choose a new password': 'Choisissez un nouveau mot de passe',
  'Reset password': 'Réinitialiser le mot de passe',
  'Activate your account · CTF Arena': 'Activez votre compte · CTF Arena',
  'Activate your account': 'Activez votre compte',
  'Activate my account': 'Activer mon compte',
  // The domain's answer when the activation e-mail fails (domain/accounts.server.ts).

  // The account form: sign-up, /me, new collaborator (components/account-form.tsx)
  'Full name': 'Nom complet',
  Male: 'Homme',
  Female: 'Femme',
  'Profile picture': 'Photo de profil',
  "Browser's language": 'Langue du navigateur',

  // My account (routes/account/me.tsx)
  'My account · CTF Arena': 'Mon compte · CTF Arena',
  "{{username}}'s profile": 'Profil de {{username}}',
  'My black friday coins': 'Mes pièces du Black Friday',
  'Purchase a reward': 'Acheter une récompense',
  'Account details': 'Informations du compte',
  'My reward requests': 'Mes demandes de récompense',
  Coins: 'Pièces',
  '{{count}} coins_one': '{{count}} pièce',
  '{{count}} coins_other': '{{count}} pièces',
  '({{count}} more needed)_one': '(il manque {{count}} pièce)',
  '({{count}} more needed)_other': '(il manque {{count}} pièces)',
  'Choose a reward.': 'Choisissez une récompense.',
} satisfies Record<string, string>;
