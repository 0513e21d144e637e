import { describe, expect, it } from 'vitest';
import { progressOf } from './grid-progress';

describe('the import progress bar', () => {
  it('shows nothing before a file is chosen', () => {
    expect(progressOf({ phase: 'idle' })).toBeNull();
  });

  it('measures the upload by the bytes sent', () => {
    expect(progressOf({ phase: 'upload', share: 0.456 })).toEqual({ value: 46, label: 'Envoi du fichier : 46 %' });
    expect(progressOf({ phase: 'upload', share: 1.2 })?.value).toBe(100);
  });

  it('is indeterminate while the server reads the file and checks the rows: nothing is measured there', () => {
    expect(progressOf({ phase: 'read' })).toEqual({ value: null, label: 'Lecture et contrôle de la grille…' });
    expect(progressOf({ phase: 'check', processed: 0, total: 5000 })).toEqual({
      value: null,
      label: "Contrôle de 5'000 lignes sur les lots actuels…",
    });
  });

  it('counts the lots written by the apply', () => {
    expect(progressOf({ phase: 'write', processed: 2000, total: 5000 })).toEqual({
      value: 40,
      label: "Enregistrement : 2'000 / 5'000 lots",
    });
    expect(progressOf({ phase: 'write', processed: 0, total: 0 })?.value).toBe(100);
  });
});
