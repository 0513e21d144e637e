/** What the library module offers the others: the data-room log's record of a view or download (the files module's file-url). */
export { recordLibraryAccess } from './library-access.service.js';
