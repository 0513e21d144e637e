import { formatNumber } from './format.js';

/** The product's French messages, to the letter of the spec. A text appears once in the code base. */
export const MESSAGES = {
  unauthorizedPage: "Vous n'êtes pas autorisé à effectuer cette action.",
  notFoundPage: "Oups, cette page n'existe pas",
  pleaseSignIn: 'Merci de vous connecter',
  accessDenied: 'Accès refusé',
  pageNotFound: 'Page introuvable',
  wrongCredentials: 'E-mail ou mot de passe incorrect',
  demoRequested: 'Vous recevrez sous peu un accès démo par mail',
  resetRequested: 'Si votre email est connu dans notre base, vous venez de recevoir un email pour modifier votre mot de passe',
  genericError: 'Une erreur est survenue',
  passwordReset: 'Mot de passe bien modifié',
  changesSaved: 'Changements enregistrés',
  passwordChanged: 'Mot de passe modifié',
  passwordsMustMatch: 'Les mots de passe doivent être identiques',
  redirecting: 'Redirection...',
  emailAlreadyExists: 'Email déjà existant sur un autre compte',
  statusUpdated: 'Statut mis à jour',
  lotUpdated: 'Lot mis à jour',
  lotAssignmentBlocked: "Impossible d'attribuer ce lot, déjà 3 candidats sont positionnés.",
  selectAtLeastOne: (title: string) => `Veuillez sélectionner au moins 1 ${title}`,
  duplicateIgnored: (filename: string) => `Doublon ignoré (${filename})`,
  /** A title over its limit says the limit (issue 18: 'Titre trop long' alone left the user guessing). */
  titleTooLong: (max: number) => `Titre trop long : ${formatNumber(max)} caractères au maximum`,
  forcedPasswordBanner: 'Merci de modifier votre mot de passe avant de commencer à utiliser Promovente.',
  notBuiltYet: "Cet écran n'est pas encore construit.",
  noPromotion: "Vous n'êtes membre d'aucune promotion.",
  tooManyAttempts: 'Trop de tentatives, veuillez réessayer dans quelques minutes.',
  invalidInput: 'Données invalides',
  invalidResetToken: 'Ce lien de réinitialisation est invalide ou a expiré.',
  notMember: "Vous n'avez pas accès à cette promotion.",
  unknownPath: 'Ressource introuvable',
  serverError: 'Une erreur est survenue',
  noRegistrationComment: "Le candidat n'a laissé aucun commentaire lors de son inscription",
  noComments: 'Aucun commentaire',
  confirmDeleteDocument: 'Voulez-vous vraiment supprimer ce document ?',
  // Password change from 'Mon compte' (issue 8, defect 6).
  currentPasswordRequired: 'Mot de passe actuel requis',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect',
  // An archived promotion (issue 18, item 17): every change is refused, with this text.
  promotionArchived: 'Cette promotion est archivée : elle reste consultable, mais plus rien ne peut y être modifié.',
} as const;

/** The texts of the notification e-mails' opt-out (contracts/email-notifications.ts). */
export const EMAIL_NOTIFICATION_MESSAGES = {
  toggle: 'Recevoir les notifications par e-mail',
  toggleHint:
    'Un e-mail à chaque nouveau message. Les e-mails de votre compte (mot de passe, invitation, accès et formulaire de réservation) vous parviennent toujours.',
  pageTitle: 'Notifications par e-mail',
  question: 'Ne plus recevoir les notifications par e-mail de Promovente ?',
  explanation: "Vous ne recevrez plus d'e-mail à chaque nouveau message ; vous les verrez toujours dans Promovente.",
  confirm: 'Ne plus recevoir ces e-mails',
  unsubscribed:
    "C'est fait : vous ne recevrez plus les notifications par e-mail de Promovente. Vous pouvez les réactiver dans « Mon compte ».",
  invalidLink: "Ce lien de désinscription n'est pas valable.",
  /** The last lines of every notification e-mail. */
  footer: (pageUrl: string) =>
    `Vous recevez cet e-mail car les notifications par e-mail sont activées sur votre compte Promovente. Pour ne plus les recevoir : ${pageUrl}`,
} as const;
