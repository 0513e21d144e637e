import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const FaqPage = () => <ScreenPlaceholder />;
