/** Files chosen for upload, each with the name it will be stored under (renamable before upload). */
export type PendingFile = { key: number; file: File; name: string };

/**
 * Adds newly chosen files to the pending list; a name already pending or already on the
 * candidacy (case-insensitive, as the server compares) is skipped and reported.
 */
export const selectFiles = (
  pending: readonly PendingFile[],
  existingNames: readonly string[],
  chosen: readonly PendingFile[],
): { kept: PendingFile[]; duplicates: string[] } => {
  const taken = new Set([...existingNames, ...pending.map((p) => p.name)].map((name) => name.toLowerCase()));
  const kept = [...pending];
  const duplicates: string[] = [];
  for (const file of chosen) {
    const key = file.name.toLowerCase();
    if (taken.has(key)) duplicates.push(file.name);
    else {
      taken.add(key);
      kept.push(file);
    }
  }
  return { kept, duplicates };
};
