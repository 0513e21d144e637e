import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const LogsPage = () => <ScreenPlaceholder />;
