import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const RegistrationPage = () => <ScreenPlaceholder />;
