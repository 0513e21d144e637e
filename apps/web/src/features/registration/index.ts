/** Registration pieces other screens compose: the promotion settings show the public link (spec part 3, 2). */
export { RegistrationLinkField } from './components/RegistrationLinkField';
