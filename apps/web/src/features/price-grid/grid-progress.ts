import { formatNumber } from '@promovente/shared';

/** Where an import stands, as the modal's bar shows it. */
export type GridStep =
  | { phase: 'idle' }
  | { phase: 'upload'; share: number }
  | { phase: 'read' }
  | { phase: 'check' | 'write'; processed: number; total: number };

/**
 * The bar of a step: a percentage only where one is measured (the bytes sent, the lots written
 * by the apply's transaction), none (an indeterminate bar) while the server reads the file or
 * checks the rows, so that the bar never runs ahead of the work.
 */
export const progressOf = (step: GridStep): { value: number | null; label: string } | null => {
  switch (step.phase) {
    case 'idle':
      return null;
    case 'upload': {
      const percent = Math.round(Math.min(1, Math.max(0, step.share)) * 100);
      return { value: percent, label: `Envoi du fichier : ${percent} %` };
    }
    case 'read':
      return { value: null, label: 'Lecture et contrôle de la grille…' };
    case 'check':
      return { value: null, label: `Contrôle de ${formatNumber(step.total)} lignes sur les lots actuels…` };
    case 'write': {
      const percent = step.total === 0 ? 100 : Math.round((step.processed / step.total) * 100);
      return { value: percent, label: `Enregistrement : ${formatNumber(step.processed)} / ${formatNumber(step.total)} lots` };
    }
  }
};
