/** Application pieces other screens compose: the funnel's four status colours (0 to 3), which the candidate record shows too. */
export { APPLICATION_STATUS_BADGE_CLASSES } from './funnel-view';
