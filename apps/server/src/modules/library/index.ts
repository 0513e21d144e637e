/**
 * What the library module offers the others: the data-room log's record of a view or download,
 * and what the reader rule needs of a stored file and of a candidate (the files module's file-url).
 */
export { libraryAccessOf, libraryCandidateStatus, recordLibraryAccess } from './library-access.service.js';
