import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const ProgressionPage = () => <ScreenPlaceholder />;
