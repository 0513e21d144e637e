import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const HomePage = () => <ScreenPlaceholder />;
