/** Registration pieces other screens compose: the promotion settings show the public link (docs/product/registration.md#registration-link). */
export { RegistrationLinkField } from './components/RegistrationLinkField';
