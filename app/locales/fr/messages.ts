// French of the messages the domain, the schemas and the e-mails answer (see ./index.ts).
export default {
  // SPEC §8's texts (lib/messages.ts), typos of the keys included
  'Your account has been successfully created ! Please check your inbox for a confirmation email. Click on the link provided to activate your account and access all features.':
    "Votre compte a été créé avec succès ! Un e-mail de confirmation vous a été envoyé : consultez votre boîte de réception et cliquez sur le lien qu'il contient pour activer votre compte et accéder à toutes les fonctionnalités.",
  'A new collaborator account has been successfully created! The collaborator can check their inbox for a confirmation email':
    'Un nouveau compte collaborateur a été créé avec succès ! Le collaborateur trouvera un e-mail de confirmation dans sa boîte de réception',
  'Your account has been successfully modified.': 'Votre compte a été modifié avec succès.',
  'The password reset email was sent successfully.': "L'e-mail de réinitialisation du mot de passe a été envoyé avec succès.",
  'Learner exportation completed successfully': 'Exportation des apprenants terminée avec succès',
  'No data has been added yet': "Aucune donnée n'a encore été ajoutée",
  'No challenge solved yet': 'Aucun défi résolu pour le moment',
  'Your flag is correct.': 'Votre drapeau est correct.',
  'Your flag and writeup were submitted successfully.': 'Votre drapeau et votre writeup ont été soumis avec succès.',
  'Your flag and writeup were submitted successfully. They count once staff have reviewed them.':
    'Votre drapeau et votre writeup ont été soumis avec succès. Ils compteront une fois examinés par les encadrants.',
  'Your flag was submitted successfully.': 'Votre drapeau a été soumis avec succès.',
  'Waiting for review': 'En attente de vérification',

  // The login screen's one-time messages (lib/session.server.ts)
  'Your password has been successfully reset. You can now log in with your new password':
    'Votre mot de passe a été réinitialisé avec succès. Vous pouvez maintenant vous connecter avec votre nouveau mot de passe',
  'Your email has been changed, causing your account to be deactivated. Please reactivate your account via the link sent to your new address.':
    'Votre adresse e-mail a été modifiée, ce qui a désactivé votre compte. Veuillez le réactiver grâce au lien envoyé à votre nouvelle adresse.',
  'Your account has been successfully activated. You can now log in': 'Votre compte a été activé avec succès. Vous pouvez maintenant vous connecter',

  // Requests and errors (lib/)
  'Malformed form body.': 'Corps de formulaire mal formé.',
  'Unsupported form encoding: send application/x-www-form-urlencoded or multipart/form-data.':
    'Encodage de formulaire non pris en charge : envoyez application/x-www-form-urlencoded ou multipart/form-data.',
  'JSON parse error.': 'Erreur de lecture du JSON.',
  'Expected a JSON object.': 'Un objet JSON est attendu.',
  'Not found.': 'Introuvable.',
  'You do not have permission to perform this action.': "Vous n'avez pas la permission d'effectuer cette action.",
  'Authentication credentials were not provided.': "Les informations d'authentification n'ont pas été fournies.",
  'The database is busy. Try again in a few seconds.': 'La base de données est occupée. Réessayez dans quelques secondes.',
  'Too many attempts. Try again in {{count}} seconds._one': 'Trop de tentatives. Réessayez dans {{count}} seconde.',
  'Too many attempts. Try again in {{count}} seconds._other': 'Trop de tentatives. Réessayez dans {{count}} secondes.',
  'Too many fields (at most {{max}}).': 'Trop de champs ({{max}} au plus).',
  'JSON nested too deeply (at most {{max}} levels).': 'JSON trop imbriqué ({{max}} niveaux au plus).',
  'User account is disabled.': 'Le compte utilisateur est désactivé.',
  'Unknown action.': 'Action inconnue.',
  'Choose a format: csv or xlsx.': 'Choisissez un format : csv ou xlsx.',
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.':
    "Envoyez une image valide. Le fichier envoyé n'est pas une image, ou c'est une image corrompue.",
  'Downloading file completed successfully!': 'Téléchargement du fichier terminé avec succès !',
  'Error downloading file!': 'Erreur lors du téléchargement du fichier !',

  // Nothing found
  'No Category matches the given query.': 'Aucune catégorie ne correspond à la requête.',
  'No Challenge matches the given query.': 'Aucun défi ne correspond à la requête.',
  'No ChallengeFile matches the given query.': 'Aucun fichier de défi ne correspond à la requête.',
  'No Event matches the given query.': 'Aucun événement ne correspond à la requête.',
  'No Flag matches the given query.': 'Aucun drapeau ne correspond à la requête.',
  'No Hint matches the given query.': 'Aucun indice ne correspond à la requête.',
  'No Reward matches the given query.': 'Aucune récompense ne correspond à la requête.',
  'No RewardRequest matches the given query.': 'Aucune demande de récompense ne correspond à la requête.',
  'No Submission matches the given query.': 'Aucune soumission ne correspond à la requête.',
  'No Team matches the given query.': 'Aucune équipe ne correspond à la requête.',
  'No User matches the given query.': 'Aucun utilisateur ne correspond à la requête.',
  'No language matches the given query.': 'Aucune langue ne correspond à la requête.',
  'No training week matches the given query.': 'Aucune semaine de formation ne correspond à la requête.',
  'There is no such group of calls.': "Ce groupe d'appels n'existe pas.",

  // Fields (app/schemas/fields.ts and the schemas)
  'This field is required.': 'Ce champ est obligatoire.',
  'Not a valid string.': "Ce n'est pas une chaîne de caractères valide.",
  'A valid integer is required.': 'Un nombre entier valide est requis.',
  'Must be a valid boolean.': 'Doit être un booléen valide.',
  'Expected a list of items.': "Une liste d'éléments est attendue.",
  'Select a valid choice.': 'Sélectionnez un choix valide.',
  'Ensure this field has no more than {{max}} characters.': 'Assurez-vous que ce champ comporte au plus {{max}} caractères.',
  'Ensure this field has no more than {{max}} elements.': 'Assurez-vous que ce champ comporte au plus {{max}} éléments.',
  'Ensure this value is greater than or equal to {{min}}.': 'Assurez-vous que cette valeur est supérieure ou égale à {{min}}.',
  'Ensure this value is less than or equal to {{max}}.': 'Assurez-vous que cette valeur est inférieure ou égale à {{max}}.',
  'Invalid pk "{{pk}}" - object does not exist.': "Clé « {{pk}} » non valide : l'objet n'existe pas.",
  'The file is too large (at most {{size}} MB).': 'Le fichier est trop volumineux ({{size}} Mo au plus).',
  'Select a valid choice. Use true, false or null.': 'Sélectionnez un choix valide. Utilisez true, false ou null.',
  'No file was submitted.': "Aucun fichier n'a été envoyé.",
  'Enter a valid URL.': 'Saisissez une URL valide.',
  'Enter a valid date and time (YYYY-MM-DDTHH:MM, UTC unless a zone is given).':
    'Saisissez une date et une heure valides (AAAA-MM-JJTHH:MM, en UTC sauf si un fuseau est indiqué).',
  'Enter a date as YYYY-MM-DD.': 'Saisissez une date au format AAAA-MM-JJ.',
  'The end date must be on or after the start date.': 'La date de fin doit être identique ou postérieure à la date de début.',

  // Accounts
  'No active account found with the given credentials': 'Aucun compte actif ne correspond à ces identifiants',
  'A user with that username already exists.': "Un utilisateur avec ce nom d'utilisateur existe déjà.",
  'user with this email already exists.': 'Un utilisateur avec cette adresse e-mail existe déjà.',
  'The activation e-mail could not be sent. Please try again later.': "L'e-mail d'activation n'a pas pu être envoyé. Veuillez réessayer plus tard.",
  "Invalid user id or user doesn't exist.": "Identifiant d'utilisateur invalide, ou cet utilisateur n'existe pas.",
  'Stale token for given user.': 'Jeton périmé pour cet utilisateur.',
  'Invalid token for given user.': 'Jeton invalide pour cet utilisateur.',
  'No users found with this email address.': 'Aucun utilisateur trouvé avec cette adresse e-mail.',
  'Enter a valid email address.': 'Saisissez une adresse e-mail valide.',
  'Enter a valid username. It must be 3 to 30 characters: letters, numbers, and @/./+/-/_ only.':
    "Saisissez un nom d'utilisateur valide. Il doit compter de 3 à 30 caractères : lettres, chiffres et @/./+/-/_ uniquement.",
  'This password is too short. It must contain at least 8 characters.': 'Ce mot de passe est trop court. Il doit contenir au moins 8 caractères.',
  'This password is entirely numeric.': 'Ce mot de passe est entièrement numérique.',
  'Select a valid country.': 'Sélectionnez un pays valide.',
  "The two password fields didn't match.": 'Les deux mots de passe ne correspondent pas.',

  // Learners
  'Select at least one learner.': 'Sélectionnez au moins un apprenant.',
  'Select at most 500 learners.': 'Sélectionnez au plus 500 apprenants.',
  'Only learners can be validated or invalidated: unselect the collaborators.': 'Seuls les apprenants peuvent être validés ou invalidés : désélectionnez les collaborateurs.',
  'Account validation completed successfully!': 'Validation du compte effectuée avec succès !',
  'Account invalidation completed successfully!': 'Invalidation du compte effectuée avec succès !',
  'Account validation completed successfully! 1 account validated.': 'Validation des comptes effectuée avec succès ! 1 compte validé.',
  'Account validation completed successfully! {{count}} accounts validated._one': 'Validation des comptes effectuée avec succès ! {{count}} compte validé.',
  'Account validation completed successfully! {{count}} accounts validated._other': 'Validation des comptes effectuée avec succès ! {{count}} comptes validés.',
  'Account invalidation completed successfully! 1 account invalidated.': 'Invalidation des comptes effectuée avec succès ! 1 compte invalidé.',
  'Account invalidation completed successfully! {{count}} accounts invalidated._one': 'Invalidation des comptes effectuée avec succès ! {{count}} compte invalidé.',
  'Account invalidation completed successfully! {{count}} accounts invalidated._other': 'Invalidation des comptes effectuée avec succès ! {{count}} comptes invalidés.',
  'Missing column(s): {{columns}}. The first row must name username, fullname, email, gender, country.':
    'Colonne(s) manquante(s) : {{columns}}. La première ligne doit nommer username, fullname, email, gender, country.',
  'At most {{max}} rows per file.': '{{max}} lignes au plus par fichier.',
  'The file has no learner rows: add one row per learner under the header row.':
    "Le fichier ne contient aucune ligne d'apprenant : ajoutez une ligne par apprenant sous la ligne d'en-tête.",
  'The file could not be read. Upload an .xlsx workbook.': "Le fichier n'a pas pu être lu. Envoyez un classeur .xlsx.",
  'The workbook has no sheet.': 'Le classeur ne contient aucune feuille.',

  // Authoring: success texts, categories, challenges, flags, hints
  'Addition completed successfully!': 'Ajout effectué avec succès !',
  'Update completed successfully!': 'Mise à jour effectuée avec succès !',
  'Category deleted successfully!': 'Catégorie supprimée avec succès !',
  'Category with this name already exists.': 'Une catégorie avec ce nom existe déjà.',
  'This category cannot be deleted: it still has 1 challenge. Move or delete it first.':
    "Cette catégorie ne peut pas être supprimée : elle contient encore 1 défi. Déplacez-le ou supprimez-le d'abord.",
  'This category cannot be deleted: it still has {{count}} challenges. Move or delete them first._one':
    "Cette catégorie ne peut pas être supprimée : elle contient encore {{count}} défi. Déplacez-le ou supprimez-le d'abord.",
  'This category cannot be deleted: it still has {{count}} challenges. Move or delete them first._other':
    "Cette catégorie ne peut pas être supprimée : elle contient encore {{count}} défis. Déplacez-les ou supprimez-les d'abord.",
  'Challenge deleted successfully!': 'Défi supprimé avec succès !',
  'File deleted successfully!': 'Fichier supprimé avec succès !',
  'Upload at most {{max}} files at once.': 'Envoyez au plus {{max}} fichiers à la fois.',
  'The file "{{name}}" is too large (at most {{size}} MB).': 'Le fichier « {{name}} » est trop volumineux ({{size}} Mo au plus).',
  'Invalid regular expression: {{error}}': 'Expression régulière non valide : {{error}}',
  'Hint score should be less than or equal to half of the initial challenge value': "Le score de l'indice doit être inférieur ou égal à la moitié de la valeur initiale du défi",
  'Minimal value should be less than or equal to the initial value': 'La valeur minimale doit être inférieure ou égale à la valeur initiale',
  'A challenge cannot recommend itself.': 'Un défi ne peut pas se recommander lui-même.',
  'This challenge already has a hint.': 'Ce défi a déjà un indice.',
  'Value must be valid JSON.': 'La valeur doit être du JSON valide.',
  'Expected an object with value and collation.': 'Un objet avec value et collation est attendu.',
  'A plain text flag must have the format CTF{flag}: learners can only submit flags of that format.':
    'Un drapeau en texte brut doit avoir le format CTF{flag} : les apprenants ne peuvent soumettre que des drapeaux de ce format.',
  'This regular expression does not seem to match any flag of the format CTF{flag}, the only format learners can submit: check it (for example CTF\\{[a-z_]+\\}).':
    'Cette expression régulière ne semble correspondre à aucun drapeau du format CTF{flag}, le seul format que les apprenants peuvent soumettre : vérifiez-la (par exemple CTF\\{[a-z_]+\\}).',

  // Playing: flags and writeups
  'The flag must have the format CTF{flag}.': 'Le drapeau doit avoir le format CTF{flag}.',
  'A writeup file is required.': 'Un fichier de writeup est requis.',
  'Your flag is incorrect.': 'Votre drapeau est incorrect.',
  'You have already solved this challenge.': 'Vous avez déjà résolu ce défi.',
  'This challenge has no flag yet.': "Ce défi n'a pas encore de drapeau.",
  'Too many wrong flags for this challenge. Try again in {{count}} seconds._one': 'Trop de drapeaux erronés pour ce défi. Réessayez dans {{count}} seconde.',
  'Too many wrong flags for this challenge. Try again in {{count}} seconds._other': 'Trop de drapeaux erronés pour ce défi. Réessayez dans {{count}} secondes.',
  'This event has not started yet: it starts on {{start}} UTC.': "Cet événement n'a pas encore commencé : il commence le {{start}} UTC.",
  'This event is reserved for learners enrolled in our training offer.': 'Cet événement est réservé aux apprenants inscrits à notre offre de formation.',
  'This event has ended: flags are no longer accepted.': 'Cet événement est terminé : les drapeaux ne sont plus acceptés.',
  'You need a team to play this event: create or join one first.': "Il vous faut une équipe pour jouer cet événement : créez-en une ou rejoignez-en une d'abord.",
  'Staff accounts check flags but do not submit them.': 'Les comptes encadrants vérifient les drapeaux mais ne les soumettent pas.',

  // Events
  'Event deleted successfully!': 'Événement supprimé avec succès !',
  'You are registered for this event.': 'Vous êtes inscrit à cet événement.',
  'The end date must be after the start date.': 'La date de fin doit être postérieure à la date de début.',
  'Upload a PNG, JPEG or WebP image.': 'Envoyez une image PNG, JPEG ou WebP.',
  'Staff accounts do not register for events.': "Les comptes encadrants ne s'inscrivent pas aux événements.",
  'This event has ended: registration is closed.': 'Cet événement est terminé : les inscriptions sont closes.',

  // Teams
  "This two password field didn't match": 'Les deux mots de passe ne correspondent pas',
  'Currently you are not a member of any active groups.': "Vous n'êtes actuellement membre d'aucun groupe actif.",
  'Your Team account has been successfully modified.': 'Le compte de votre équipe a été modifié avec succès.',
  'Enter the current password to choose a new one.': 'Saisissez le mot de passe actuel pour en choisir un nouveau.',
  'This invitation code is not valid.': "Ce code d'invitation n'est pas valide.",
  'You already have an active group. You cannot have multiple active groups.': 'Vous avez déjà un groupe actif. Vous ne pouvez pas avoir plusieurs groupes actifs.',
  'A team with this name already exists in this event.': 'Une équipe avec ce nom existe déjà dans cet événement.',
  'Staff accounts do not play in teams.': 'Les comptes encadrants ne jouent pas en équipe.',
  'This event is not played in teams.': 'Cet événement ne se joue pas en équipe.',
  'This event has ended: its teams can no longer be created or joined.': 'Cet événement est terminé : ses équipes ne peuvent plus être créées ni rejointes.',
  'Choose the event of the team.': "Choisissez l'événement de l'équipe.",
  'The event must be the one of the URL.': "L'événement doit être celui de l'URL.",
  'No team of an open event has this name and password.': "Aucune équipe d'un événement ouvert n'a ce nom et ce mot de passe.",
  'Several teams have this name and password: choose the event.': "Plusieurs équipes ont ce nom et ce mot de passe : choisissez l'événement.",
  'You are already a member of this team.': 'Vous êtes déjà membre de cette équipe.',
  'Only the team leader can modify the team.': "Seul le chef d'équipe peut modifier l'équipe.",
  'The current password is not correct.': "Le mot de passe actuel n'est pas correct.",
  'This team is full: teams of this event have at most 1 member.': 'Cette équipe est complète : les équipes de cet événement comptent au plus 1 membre.',
  'This team is full: teams of this event have at most {{count}} members._one': 'Cette équipe est complète : les équipes de cet événement comptent au plus {{count}} membre.',
  'This team is full: teams of this event have at most {{count}} members._other': 'Cette équipe est complète : les équipes de cet événement comptent au plus {{count}} membres.',
  'This event has no teams.': "Cet événement n'a pas d'équipes.",

  // Review of submissions
  'Submission validation completed successfully!': 'Validation de la soumission effectuée avec succès !',
  'Submission invalidation completed successfully!': 'Invalidation de la soumission effectuée avec succès !',
  'Only a correct submission that is still pending can be validated or invalidated.': 'Seule une soumission correcte encore en attente peut être validée ou invalidée.',
  'Not pending: {{ids}}.': 'Pas en attente : {{ids}}.',
  '1 submission validated.': '1 soumission validée.',
  '{{count}} submissions validated._one': '{{count}} soumission validée.',
  '{{count}} submissions validated._other': '{{count}} soumissions validées.',
  'This submission has no writeup.': "Cette soumission n'a pas de writeup.",
  'Select at least one submission.': 'Sélectionnez au moins une soumission.',
  'Black-friday submissions are not reviewed.': 'Les soumissions du Black-friday ne sont pas examinées.',

  // Coins, rewards and their requests
  'Coins adjusted successfully!': 'Pièces ajustées avec succès !',
  'You do not have enough coins: 1 more coin is needed.': "Vous n'avez pas assez de pièces : il en manque 1.",
  'You do not have enough coins: {{count}} more coins are needed._one': "Vous n'avez pas assez de pièces : il en manque {{count}}.",
  'You do not have enough coins: {{count}} more coins are needed._other': "Vous n'avez pas assez de pièces : il en manque {{count}}.",
  'Staff accounts do not play: they hold no coins.': "Les comptes encadrants ne jouent pas : ils n'ont pas de pièces.",
  'The amount cannot be zero: add (positive) or take (negative) coins.': 'Le montant ne peut pas être nul : ajoutez (positif) ou retirez (négatif) des pièces.',
  'Reward created successfully!': 'Récompense créée avec succès !',
  'Reward updated successfully!': 'Récompense modifiée avec succès !',
  'Reward deleted successfully!': 'Récompense supprimée avec succès !',
  'Reward request sent successfully, wait for the admin platform to approve your request':
    "Demande de récompense envoyée avec succès, attendez que l'administration de la plateforme approuve votre demande",
  'Staff accounts cannot purchase rewards.': 'Les comptes encadrants ne peuvent pas acheter de récompenses.',
  'Reward request validated successfully!': 'Demande de récompense validée avec succès !',
  'Reward request dismiss successfully!': 'Demande de récompense rejetée avec succès !',
  'This reward request has already been processed.': 'Cette demande de récompense a déjà été traitée.',
  'Select at least one reward request.': 'Sélectionnez au moins une demande de récompense.',

  // Notifications
  'Notification sent successfully!': 'Notification envoyée avec succès !',

  // E-mails (domain/account-mail.server.ts)
  'Activate your CTF account': 'Activez votre compte CTF',
  'Reset your CTF password': 'Réinitialisez votre mot de passe CTF',
  'Hello {{name}},': 'Bonjour {{name}},',
  'Open this link to activate your account:': 'Ouvrez ce lien pour activer votre compte :',
  'The link works for 3 days.': 'Le lien est valable 3 jours.',
  'Open this link to choose a new password:': 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
  'The link works for one hour and only once. If you did not ask for it, ignore this e-mail.':
    "Le lien est valable une heure, une seule fois. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
  'A staff account was created for you.': 'Un compte encadrant a été créé pour vous.',
  'An account was created for you on the CTF training platform.': 'Un compte a été créé pour vous sur la plateforme de formation CTF.',
  'Open this link to confirm your address and choose your password:': 'Ouvrez ce lien pour confirmer votre adresse et choisir votre mot de passe :',
  'The link works for one hour; after that, use "Forgot password" on the login page.':
    'Le lien est valable une heure ; passé ce délai, utilisez « Mot de passe oublié » sur la page de connexion.',
} satisfies Record<string, string>;
