/** Lot pieces other features use: the query keys a change of a lot's price or status refreshes. */
export { lotKeys } from './api/get-lots';
