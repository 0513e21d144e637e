import type { z } from 'zod';

/**
 * The message of a validation issue whose schema gives none: plain French naming the field,
 * never the validator's own wording ('Entrée invalide : nombre attendu, NaN reçu'). Messages
 * written in the shared contracts take precedence (zod reads them first).
 */
export const plainFrenchIssue = (issue: z.core.$ZodRawIssue): string => {
  const path = (issue.path ?? []).map(String);
  if (issue.code === 'unrecognized_keys') {
    return `Champ non pris en charge : ${issue.keys.map((key) => `« ${key} »`).join(', ')}`;
  }
  if (path.length === 0) return 'Le contenu de la requête est invalide';
  const field = `Le champ « ${path.join('.')} »`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} est requis` : `${field} est invalide`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} est trop long`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} contient trop d'éléments`;
      return `${field} est trop grand`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} est trop court`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} ne contient pas assez d'éléments`;
      return `${field} est trop petit`;
    default:
      return `${field} est invalide`;
  }
};
