import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const DocumentsPage = () => <ScreenPlaceholder />;
